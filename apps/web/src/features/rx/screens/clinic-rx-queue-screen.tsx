import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import type { RxQueueEntry } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import { claimClinicRx } from '../api/clinic-claim-rx';
import { clinicRxQueueQueryKey, getClinicRxQueue } from '../api/clinic-get-rx-queue';
import { RxAlarmBadges } from '../components/rx-facts';
import { errorText, productName, stateLabel } from '../components/rx-format';
import { RxStatusBadge } from '../components/rx-status-badge';

function EntryCard({ entry, action }: { entry: RxQueueEntry; action: ReactNode }) {
  const t = useT();
  const lang = useLang();
  const titleId = `rx-entry-${entry.id}`;
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="rx-queue-entry"
      data-visit-id={entry.id}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h5" id={titleId}>
              {productName(t, entry.productId)} · {entry.patientLabel}
            </Title>
            <Text size="sm" c="dimmed">
              {stateLabel(t, entry.state)} ·{' '}
              {t('rxScreens.clinic.waitingSince', {
                time: formatDateTime(entry.waitingSince, lang),
              })}
            </Text>
          </Stack>
          {action}
        </Group>
        <Group gap="xs">
          <RxStatusBadge status={entry.status} />
          {entry.refill ? (
            <Badge variant="light" color="blue" tt="none">
              {t('rxScreens.clinic.refill')}
            </Badge>
          ) : null}
        </Group>
        <RxAlarmBadges alarms={entry.alarms} t={t} />
      </Stack>
    </Card>
  );
}

/**
 * The prescriber's Rx review queue (/clinic/rx): their prescriptions a pharmacy asked to change,
 * visits waiting in the states they are licensed in, oldest first, and their own reviews; refreshed when the server says the line changed
 * (`rxQueueChanged`). Claiming opens the review; a visit someone else won is refused (409).
 */
export function ClinicRxQueueScreen() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const socket = useSocket();
  const [claimError, setClaimError] = useState<string | null>(null);
  const queue = useQuery({ queryKey: clinicRxQueueQueryKey, queryFn: getClinicRxQueue });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: clinicRxQueueQueryKey });
  useSocketEvent(socket, realtimeEvents.rxQueueChanged, refresh);
  useSocketEvent(socket, 'connect', refresh);

  const claim = useMutation({
    mutationFn: (visitId: string) => claimClinicRx(visitId),
    onMutate: () => setClaimError(null),
    onSuccess: ({ visitId }) => {
      refresh();
      navigate(`/clinic/rx/${visitId}`);
    },
    onError: (error) => {
      setClaimError(
        error instanceof ApiError && error.status === 409
          ? t('rxClinic.queue.taken')
          : t('rxScreens.clinic.claimFailed', { message: errorText(t, error) }),
      );
      refresh();
    },
  });

  const waiting = queue.data?.waiting ?? [];
  const mine = queue.data?.mine ?? [];
  const changeRequests = queue.data?.changeRequests ?? [];

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-testid="clinic-rx-queue">
      <Title order={1} size="h2">
        {t('rxClinic.queue.title')}
      </Title>
      {queue.data && queue.data.states.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t('rxScreens.clinic.states', {
            states: queue.data.states.map((s) => stateLabel(t, s)).join(', '),
          })}
        </Text>
      ) : null}
      {claimError ? (
        <Alert color="orange" role="alert" withCloseButton onClose={() => setClaimError(null)}>
          {claimError}
        </Alert>
      ) : null}
      {queue.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : queue.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text size="sm">
              {t('rxScreens.clinic.loadFailed', { message: errorText(t, queue.error) })}
            </Text>
            <Button size="xs" variant="light" w="fit-content" onClick={() => void queue.refetch()}>
              {t('rxScreens.catalog.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          {changeRequests.length > 0 ? (
            <Stack
              gap="xs"
              component="section"
              aria-labelledby="rx-change-requests-title"
              data-testid="rx-change-requests"
            >
              <Title order={2} size="h4" id="rx-change-requests-title">
                {t('rxScreens.change.queueTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('rxScreens.change.queueLead')}
              </Text>
              <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {changeRequests.map((entry) => (
                  <EntryCard
                    key={entry.id}
                    entry={entry}
                    action={
                      <Button
                        onClick={() => navigate(`/clinic/rx/${entry.id}`)}
                        data-testid="rx-change-request-open"
                      >
                        {t('rxScreens.change.open')}
                      </Button>
                    }
                  />
                ))}
              </Stack>
            </Stack>
          ) : null}
          {mine.length > 0 ? (
            <Stack gap="xs" component="section" aria-labelledby="rx-mine-title">
              <Title order={2} size="h4" id="rx-mine-title">
                {t('rxClinic.queue.mine')}
              </Title>
              <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {mine.map((entry) => (
                  <EntryCard
                    key={entry.id}
                    entry={entry}
                    action={
                      <Button variant="light" onClick={() => navigate(`/clinic/rx/${entry.id}`)}>
                        {t('rxClinic.queue.open')}
                      </Button>
                    }
                  />
                ))}
              </Stack>
            </Stack>
          ) : null}
          <Stack gap="xs" component="section" aria-labelledby="rx-waiting-title">
            <Title order={2} size="h4" id="rx-waiting-title">
              {t('rxScreens.clinic.waitingTitle')}
            </Title>
            {waiting.length === 0 ? (
              <Text c="dimmed" data-testid="rx-queue-empty">
                {t('rxClinic.queue.empty')}
              </Text>
            ) : (
              <Stack component="ol" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {waiting.map((entry) => (
                  <EntryCard
                    key={entry.id}
                    entry={entry}
                    action={
                      <Button
                        onClick={() => claim.mutate(entry.id)}
                        loading={claim.isPending && claim.variables === entry.id}
                        disabled={claim.isPending}
                      >
                        {t('rxClinic.queue.claim')}
                      </Button>
                    }
                  />
                ))}
              </Stack>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}

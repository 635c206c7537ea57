import type { QueueEntry } from '@apothecall/domain/care/visits.api';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { type Translate, useT } from '../../../lib/i18n';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import { claimClinicVisit } from '../api/clinic-claim-visit';
import { clinicQueueQueryKey, getClinicQueue } from '../api/clinic-get-queue';
import { ClinicDutyCard, clinicErrorText } from '../components/clinic-duty-card';
import { AlarmBadges, Facts } from '../components/clinic-facts';
import { formatTime, genderLabel, reasonLabel, stateLabel } from '../components/clinic-format';

/** Minutes since `iso`, re-rendered every 30 s by the caller's clock. */
function waitedLabel(t: Translate, iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  return minutes < 1
    ? t('clinicUi.queue.justNow', { time: formatTime(iso) })
    : t('clinicUi.queue.waitedFor', { minutes, time: formatTime(iso) });
}

function useClock(periodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

function QueueCard(props: {
  entry: QueueEntry;
  now: number;
  onClaim: (visitId: string) => void;
  claiming: boolean;
  disabled: boolean;
}) {
  const { entry, now, onClaim, claiming, disabled } = props;
  const t = useT();
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={entry.patientName}
      data-testid="queue-entry"
      data-visit-id={entry.visitId}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h5">
              {entry.patientName}
            </Title>
            <Text size="sm" c="dimmed">
              {t('clinicUi.ageYears', { age: entry.age })} · {genderLabel(t, entry.gender)}
            </Text>
          </Stack>
          <Button onClick={() => onClaim(entry.visitId)} loading={claiming} disabled={disabled}>
            {t('clinicUi.queue.claim')}
          </Button>
        </Group>
        <AlarmBadges alarms={entry.alarms} t={t} />
        <Facts
          rows={[
            { label: t('clinicUi.queue.reason'), value: reasonLabel(t, entry.reason) },
            { label: t('clinicUi.queue.state'), value: stateLabel(t, entry.location) },
            {
              label: t('clinicUi.queue.waitingSince'),
              value: waitedLabel(t, entry.waitingSince, now),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}

/**
 * The provider's console (/clinic): on/off duty and the visits waiting in the states they are
 * licensed in, oldest first, refreshed when the server says the queue changed (no polling).
 * Claiming a visit opens its workspace; a visit another provider took first is refused (409).
 */
export function ClinicQueueScreen() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const socket = useSocket();
  const now = useClock(30_000);
  const [claimError, setClaimError] = useState<string | null>(null);

  // The line is kept fresh by pushes, which reach only a mounted screen: a push that came while
  // the provider was on another screen (their appointment just started, say) is not lost, since
  // opening the clinic always asks again.
  const queue = useQuery({
    queryKey: clinicQueueQueryKey,
    queryFn: getClinicQueue,
    refetchOnMount: 'always',
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: clinicQueueQueryKey });

  useSocketEvent(socket, realtimeEvents.queueChanged, refresh);
  useSocketEvent(socket, realtimeEvents.visitUpdate, refresh);
  // Events missed while disconnected: fetch again after each reconnect.
  useSocketEvent(socket, 'connect', refresh);

  const claim = useMutation({
    mutationFn: (visitId: string) => claimClinicVisit(visitId),
    onMutate: () => setClaimError(null),
    onSuccess: ({ visitId }) => {
      refresh();
      navigate(`/clinic/visits/${visitId}`);
    },
    onError: (error) => {
      setClaimError(
        error instanceof ApiError && error.status === 409
          ? error.message || t('care.visit.alreadyClaimed')
          : t('clinicUi.queue.claimFailed', { message: clinicErrorText(t, error) }),
      );
      refresh();
    },
  });

  const visits = queue.data?.visits ?? [];
  const mine = queue.data?.mine ?? [];

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-testid="clinic-queue">
      <Title order={1} size="h2">
        {t('clinicUi.title')}
      </Title>

      <ClinicDutyCard />

      {mine.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="mine-title" data-testid="my-visits">
          <Title order={2} size="h4" id="mine-title">
            {t('clinicUi.mine.title')}
          </Title>
          <Stack
            component="ul"
            gap="xs"
            aria-labelledby="mine-title"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {mine.map((entry) => (
              <Card component="li" withBorder radius="md" p="sm" key={entry.visitId}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>
                    {entry.patientName} · {reasonLabel(t, entry.reason)}
                  </Text>
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => navigate(`/clinic/visits/${entry.visitId}`)}
                  >
                    {t('clinicUi.mine.open')}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        </Stack>
      ) : null}

      <Stack gap="xs" component="section" aria-labelledby="queue-title">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="queue-title">
            {t('clinicUi.queue.title')}
          </Title>
          {queue.data ? (
            <Text size="sm" c="dimmed" data-testid="queue-count">
              {t('clinicUi.queue.count', { count: visits.length })}
            </Text>
          ) : null}
        </Group>

        {claimError ? (
          <Alert
            color="orange"
            role="alert"
            withCloseButton
            onClose={() => setClaimError(null)}
            data-testid="claim-error"
          >
            {claimError}
          </Alert>
        ) : null}

        {queue.isPending ? (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        ) : queue.isError ? (
          <Alert color="red" role="alert">
            <Stack gap="xs">
              <Text size="sm">
                {t('clinicUi.queue.loadFailed', { message: clinicErrorText(t, queue.error) })}
              </Text>
              <Button
                size="xs"
                variant="light"
                w="fit-content"
                onClick={() => void queue.refetch()}
              >
                {t('clinicUi.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : visits.length === 0 ? (
          <Text c="dimmed" data-testid="queue-empty">
            {t('clinicUi.queue.empty')}
          </Text>
        ) : (
          <Stack
            component="ol"
            gap="sm"
            aria-labelledby="queue-title"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {[...visits]
              .sort((a, b) => Date.parse(a.waitingSince) - Date.parse(b.waitingSince))
              .map((entry) => (
                <QueueCard
                  key={entry.visitId}
                  entry={entry}
                  now={now}
                  onClaim={(id) => claim.mutate(id)}
                  claiming={claim.isPending && claim.variables === entry.visitId}
                  disabled={claim.isPending}
                />
              ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

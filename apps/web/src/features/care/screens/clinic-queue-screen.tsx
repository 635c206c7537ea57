import { link } from '@apothecall/domain/navigation/links';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import { useClaimClinicVisit } from '../api/clinic-claim-visit';
import { useClinicQueue, useRefreshClinicQueue } from '../api/clinic-get-queue';
import { ClinicDutyCard, clinicErrorText } from '../components/clinic-duty-card';
import { ClinicMyVisits, ClinicQueueList, useClock } from '../components/clinic-queue-list';

/**
 * The provider's console (/clinic): on/off duty and the visits waiting in the states they are
 * licensed in, oldest first, refreshed when the server says the queue changed (no polling).
 * Claiming a visit opens its workspace; a visit another provider took first is refused (409).
 */
export function ClinicQueueScreen() {
  const t = useT();
  const navigate = useNavigate();
  const socket = useSocket();
  const now = useClock(30_000);
  const [claimError, setClaimError] = useState<string | null>(null);

  // The line is kept fresh by pushes, which reach only a mounted screen: a push that came while
  // the provider was on another screen (their appointment just started, say) is not lost, since
  // opening the clinic always asks again.
  const queue = useClinicQueue({ refetchOnMount: 'always' });
  const refresh = useRefreshClinicQueue();

  useSocketEvent(socket, realtimeEvents.queueChanged, refresh);
  useSocketEvent(socket, realtimeEvents.visitUpdate, refresh);
  // Events missed while disconnected: fetch again after each reconnect.
  useSocketEvent(socket, 'connect', refresh);

  const claim = useClaimClinicVisit({
    onMutate: () => setClaimError(null),
    onSuccess: ({ visitId }) => navigate(link('/clinic/visits/:id', { id: visitId })),
    onError: (error) => {
      setClaimError(
        error instanceof ApiError && error.status === 409
          ? error.message || t('care.visit.alreadyClaimed')
          : t('clinicUi.queue.claimFailed', { message: clinicErrorText(t, error) }),
      );
      refresh();
    },
  });

  const mine = queue.data?.mine ?? [];

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-testid="clinic-queue">
      <Title order={1} size="h2">
        {t('clinicUi.title')}
      </Title>

      <ClinicDutyCard />

      {mine.length > 0 ? <ClinicMyVisits mine={mine} /> : null}

      <Stack gap="xs" component="section" aria-labelledby="queue-title">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="queue-title">
            {t('clinicUi.queue.title')}
          </Title>
          {queue.data ? (
            <Text size="sm" c="dimmed" data-testid="queue-count">
              {t('clinicUi.queue.count', { count: queue.data.visits.length })}
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

        <ClinicQueueList queue={queue} claim={claim} now={now} />
      </Stack>
    </Stack>
  );
}

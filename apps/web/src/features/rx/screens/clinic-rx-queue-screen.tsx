import { link } from '@apothecall/domain/navigation/links';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import { useClaimClinicRx } from '../api/clinic-claim-rx';
import { useClinicRxQueue, useRefreshClinicRxQueue } from '../api/clinic-get-rx-queue';
import {
  ClinicRxChangeRequests,
  ClinicRxMine,
  ClinicRxWaiting,
} from '../components/clinic-rx-queue-sections';
import { errorText, stateLabel } from '../components/rx-format';

/**
 * The prescriber's Rx review queue (/clinic/rx): their prescriptions a pharmacy asked to change,
 * visits waiting in the states they are licensed in, oldest first, and their own reviews; refreshed when the server says the line changed
 * (`rxQueueChanged`). Claiming opens the review; a visit someone else won is refused (409).
 */
export function ClinicRxQueueScreen() {
  const t = useT();
  const navigate = useNavigate();
  const socket = useSocket();
  const [claimError, setClaimError] = useState<string | null>(null);
  const queue = useClinicRxQueue();
  const refresh = useRefreshClinicRxQueue();
  useSocketEvent(socket, realtimeEvents.rxQueueChanged, refresh);
  useSocketEvent(socket, 'connect', refresh);

  const claim = useClaimClinicRx({
    onMutate: () => setClaimError(null),
    onSuccess: ({ visitId }) => navigate(link('/clinic/rx/:id', { id: visitId })),
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
          {changeRequests.length > 0 ? <ClinicRxChangeRequests entries={changeRequests} /> : null}
          {mine.length > 0 ? <ClinicRxMine entries={mine} /> : null}
          <ClinicRxWaiting entries={waiting} claim={claim} />
        </>
      )}
    </Stack>
  );
}

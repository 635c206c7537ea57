import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Socket } from 'socket.io-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useCancelVisit } from '../api/cancel-visit';
import { errorText, memberName } from '../components/get-care-format';
import { VisitCall } from '../components/visit-call';
import { WaitingEndedCard } from '../components/waiting-ended-card';
import { WaitingVisitCard } from '../components/waiting-visit-card';
import { useActiveVisits } from '../hooks/use-active-visits';

/** VisitCall's side of the call (a prop, not an ARIA role). */
const callSide = 'patient' as const;
/**
 * The waiting room (spec sections 2, 4): the account's active visits with their place in line,
 * wait and due time, updated live; 'Cancel visit' while waiting (refunded); the video call
 * once a provider claims a visit; and a closing message when a visit ends.
 */
export function WaitingScreen() {
  const t = useT();
  const session = useSession();
  const users = session?.profile.users ?? [];
  const { query, visits, ended, apply, socket, restoring } = useActiveVisits();
  const [toCancel, setToCancel] = useState<PatientVisit | null>(null);
  const nameOf = (personId: string) => memberName(users, personId) ?? t('careUi.waiting.someone');

  const cancel = useCancelVisit({
    onSuccess: (visit) => {
      apply(visit);
      setToCancel(null);
      notifications.show({ color: 'green', message: t('careUi.cancel.done') });
    },
    // e.g. a provider took the visit meanwhile: the list from the server shows what is true.
    onError: () => void query.refetch(),
  });

  const inCall = visits.find((v) => v.state === 'inProgress');

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="waiting">
      <Title order={1} size="h2">
        {inCall ? t('call.title') : t('careUi.waiting.title')}
      </Title>
      {inCall ? (
        <WaitingCall visit={inCall} socket={socket} />
      ) : visits.length > 0 ? (
        <Text c="dimmed">{t('careUi.waiting.subtitle')}</Text>
      ) : null}
      <WaitingListStatus query={query} restoring={restoring} />
      {ended.length > 0 ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {ended.map((visit) => (
            <WaitingEndedCard
              key={visit.visitId}
              visit={visit}
              patientName={'patientId' in visit ? nameOf(visit.patientId) : null}
            />
          ))}
        </Stack>
      ) : null}
      {visits.length > 0 ? (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('careUi.waiting.listLabel')}
        >
          {visits.map((visit) => (
            <WaitingVisitCard
              key={visit.visitId}
              visit={visit}
              patientName={nameOf(visit.patientId)}
              onCancel={() => {
                cancel.reset();
                setToCancel(visit);
              }}
            />
          ))}
        </Stack>
      ) : query.isSuccess ? (
        <Stack gap="sm" data-testid="waiting-empty">
          <Text>{t('careUi.waiting.empty')}</Text>
          <Button component={Link} to={link('/care')} w={{ base: '100%', xs: 'fit-content' }}>
            {t('careUi.waiting.getCare')}
          </Button>
        </Stack>
      ) : null}
      {/* 'Cancel visit' asks first: a waiting visit is cancelled and its payment refunded. */}
      <ConfirmDialog
        opened={toCancel !== null}
        title={t('careUi.cancel.title')}
        body={t('careUi.cancel.body', { name: toCancel ? nameOf(toCancel.patientId) : '' })}
        confirmLabel={t('careUi.cancel.confirm')}
        cancelLabel={t('careUi.cancel.keep')}
        pending={cancel.isPending}
        error={cancel.isError ? errorText(t, cancel.error) : null}
        onConfirm={() => {
          if (toCancel) cancel.mutate(toCancel);
        }}
        onClose={() => setToCancel(null)}
      />
    </Stack>
  );
}

/** The visit a provider claimed: who is ready, and the call. */
function WaitingCall({ visit, socket }: { visit: PatientVisit; socket: Socket | null }) {
  const t = useT();
  return (
    <Stack gap="xs" data-testid="waiting-call">
      <Alert color="green" role="status">
        {visit.providerName
          ? t('careUi.waiting.providerReady', { provider: visit.providerName })
          : t('careUi.waiting.providerReadyUnnamed')}
      </Alert>
      <VisitCall
        key={visit.visitId}
        visitId={visit.visitId}
        socket={socket}
        role={callSide}
        otherName={visit.providerName}
      />
    </Stack>
  );
}

/** The list's state before it answers (restoring a visit under way) or when it failed. */
function WaitingListStatus({
  query,
  restoring,
}: {
  query: ReturnType<typeof useActiveVisits>['query'];
  restoring: boolean;
}) {
  const t = useT();
  return (
    <>
      {query.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{restoring ? t('careUi.waiting.restoring') : t('shell.loading')}</Text>
        </Group>
      ) : null}
      {query.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, query.error)}
          <Button variant="light" size="xs" ml="sm" onClick={() => void query.refetch()}>
            {t('careUi.retry')}
          </Button>
        </Alert>
      ) : null}
    </>
  );
}

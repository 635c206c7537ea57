import type { VisitOutcome, VisitWorkspace } from '@apothecall/domain/care/visits.api';
import type { VisitState } from '@apothecall/domain/care/visits.rules';
import type { Message } from '@apothecall/domain/messaging/messaging.schemas';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Badge, Button, Card, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { type Translate, useT } from '../../../lib/i18n';
import { useSocket } from '../../../lib/realtime';
import { useSession } from '../../../lib/session-store';
import type { EndVisitResult } from '../api/clinic-end-visit';
import { useClinicVisit } from '../api/clinic-get-visit';
import { useConversation } from '../api/get-conversation';
import { ChatPanel } from '../components/chat-panel';
import { ClinicEndVisitForm } from '../components/clinic-end-visit-form';
import { formatDateTime } from '../components/clinic-format';
import {
  AlarmsAlert,
  PatientCard,
  PharmacyCard,
  ReasonCard,
  ScreeningCard,
} from '../components/clinic-visit-summary';
import { VisitCall } from '../components/visit-call';
import type { ChatItem } from '../hooks/use-chat';

/** The provider's side of the call (a variable: Biome reads a literal `role` as an ARIA role). */
const callRole = 'provider' as const;

const stateColor: Record<VisitState, string> = {
  waiting: 'red',
  inProgress: 'blue',
  completed: 'green',
  refunded: 'gray',
  cancelled: 'gray',
  noShow: 'yellow',
};

function BackToQueue({ t }: { t: Translate }) {
  return (
    <Button component={Link} to={link('/clinic')} variant="subtle" w="fit-content" px={0}>
      {t('clinicUi.visit.back')}
    </Button>
  );
}

/** The chat of a finished visit, read-only (POST /getConversation). */
function Transcript({ visit }: { visit: VisitWorkspace }) {
  const t = useT();
  const session = useSession();
  const conversation = useConversation(visit.visitId);
  if (conversation.isPending)
    return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  if (conversation.isError) return null;
  const self = session?.profile.id ?? null;
  const items: ChatItem[] = conversation.data.messages
    .filter((m: Message) => m.text.trim() !== '')
    .map((m: Message) => {
      const own = m.owner === self;
      return {
        key: m.msgId,
        text: m.text,
        own,
        at: m.sent,
        status: own ? (m.received ? 'delivered' : 'sent') : 'incoming',
        error: null,
        clientId: null,
      };
    });
  return <ChatPanel items={items} otherRole="patient" />;
}

function EndedResult(props: { outcome: VisitOutcome; withRx: boolean; t: Translate }) {
  const { outcome, withRx, t } = props;
  const text =
    outcome === 'completed'
      ? withRx
        ? t('clinicUi.result.completedRx')
        : t('clinicUi.result.completed')
      : outcome === 'refund'
        ? t('clinicUi.result.refund')
        : t('clinicUi.result.noShow');
  return (
    <Alert
      color={outcome === 'completed' ? 'green' : 'gray'}
      title={t('clinicUi.result.title')}
      role="status"
      data-testid="visit-result"
      data-outcome={outcome}
    >
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
        <BackToQueue t={t} />
      </Stack>
    </Alert>
  );
}

/**
 * A claimed visit's workspace (/clinic/visits/:id): who the patient is, why they came, their
 * screening with its alarms and their pharmacy; the video call and chat; the SOAP note,
 * an optional prescription and the three ways to end the visit.
 */
export function ClinicVisitScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const socket = useSocket();
  const [ended, setEnded] = useState<{
    outcome: VisitOutcome;
    withRx: boolean;
    result: EndVisitResult;
  } | null>(null);

  const query = useClinicVisit(id, { enabled: id !== '' });

  if (query.isPending) {
    return (
      <Stack p="md" maw={1200} mx="auto" w="100%">
        <Loader role="status" aria-label={t('shell.loading')} />
      </Stack>
    );
  }
  if (query.isError) {
    const error = query.error;
    return (
      <Stack p="md" maw={1200} mx="auto" w="100%">
        <BackToQueue t={t} />
        <Alert color="red" role="alert" title={t('clinicUi.visit.loadFailedTitle')}>
          {error instanceof ApiError && error.status !== 0 ? error.message : t('errors.network')}
        </Alert>
      </Stack>
    );
  }

  const visit = query.data.visit;
  const inProgress = visit.state === 'inProgress' && visit.outcome === null && !ended;

  return (
    <Stack
      p="md"
      maw={1200}
      mx="auto"
      w="100%"
      gap="md"
      data-testid="clinic-visit"
      data-visit-state={visit.state}
    >
      <BackToQueue t={t} />
      <ClinicVisitHeading visit={visit} />

      <AlarmsAlert alarms={visit.alarms} />

      <ClinicVisitNotice visit={visit} ended={ended} />

      {inProgress ? (
        <Card withBorder radius="md" p="md">
          <VisitCall visitId={visit.visitId} socket={socket} role={callRole} />
        </Card>
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <PatientCard visit={visit} />
            <ReasonCard visit={visit} />
            <ScreeningCard visit={visit} />
            <PharmacyCard visit={visit} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {inProgress ? (
            <ClinicEndVisitForm
              visit={visit}
              onEnded={(outcome, result, withRx) => setEnded({ outcome, result, withRx })}
            />
          ) : visit.state !== 'waiting' ? (
            <Transcript visit={visit} />
          ) : null}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The patient's name, when the visit started, and its state. */
function ClinicVisitHeading({ visit }: { visit: VisitWorkspace }) {
  const t = useT();
  const name = `${visit.patient.firstName} ${visit.patient.lastName}`;
  return (
    <Group justify="space-between" align="flex-start" gap="xs">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('clinicUi.visit.title', { name })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('clinicUi.visit.started', { time: formatDateTime(visit.startTime) })}
        </Text>
      </Stack>
      <Badge color={stateColor[visit.state]} size="lg" tt="none" data-testid="visit-state">
        {t(`clinicUi.state.${visit.state}`)}
      </Badge>
    </Group>
  );
}

/** How the visit ended here, that it ended before, or that it is not claimed yet. */
function ClinicVisitNotice({
  visit,
  ended,
}: {
  visit: VisitWorkspace;
  ended: { outcome: VisitOutcome; withRx: boolean } | null;
}) {
  const t = useT();
  return ended ? (
    <EndedResult outcome={ended.outcome} withRx={ended.withRx} t={t} />
  ) : visit.outcome !== null || (visit.state !== 'inProgress' && visit.state !== 'waiting') ? (
    <Alert color="gray" data-testid="visit-ended">
      {t('clinicUi.visit.ended', { state: t(`clinicUi.state.${visit.state}`) })}
    </Alert>
  ) : visit.state === 'waiting' ? (
    <Alert color="blue">
      <Stack gap="xs">
        <Text size="sm">{t('clinicUi.visit.notClaimed')}</Text>
        <BackToQueue t={t} />
      </Stack>
    </Alert>
  ) : null;
}

import type { QueueEntry } from '@apothecall/domain/care/visits.api';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Translate, useT } from '../../../lib/i18n';
import type { useClaimClinicVisit } from '../api/clinic-claim-visit';
import type { useClinicQueue } from '../api/clinic-get-queue';
import { clinicErrorText } from './clinic-duty-card';
import { AlarmBadges, Facts } from './clinic-facts';
import { formatTime, genderLabel, reasonLabel, stateLabel } from './clinic-format';

/** Minutes since `iso`, re-rendered every 30 s by the caller's clock. */
function waitedLabel(t: Translate, iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  return minutes < 1
    ? t('clinicUi.queue.justNow', { time: formatTime(iso) })
    : t('clinicUi.queue.waitedFor', { minutes, time: formatTime(iso) });
}

/** The time now, every `periodMs`. */
export function useClock(periodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

/** A waiting visit: the patient, alarms, reason, state, how long it waited, and Claim. */
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

/** The provider's own open visits, each opening its workspace. */
export function ClinicMyVisits({ mine }: { mine: QueueEntry[] }) {
  const t = useT();
  const navigate = useNavigate();
  return (
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
                onClick={() => navigate(link('/clinic/visits/:id', { id: entry.visitId }))}
              >
                {t('clinicUi.mine.open')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

/** The waiting visits, oldest first; loading, the failure with Try again, or none. */
export function ClinicQueueList({
  queue,
  claim,
  now,
}: {
  queue: ReturnType<typeof useClinicQueue>;
  claim: ReturnType<typeof useClaimClinicVisit>;
  now: number;
}) {
  const t = useT();
  const visits = queue.data?.visits ?? [];
  return queue.isPending ? (
    <Loader role="status" size="sm" aria-label={t('shell.loading')} />
  ) : queue.isError ? (
    <Alert color="red" role="alert">
      <Stack gap="xs">
        <Text size="sm">
          {t('clinicUi.queue.loadFailed', { message: clinicErrorText(t, queue.error) })}
        </Text>
        <Button size="xs" variant="light" w="fit-content" onClick={() => void queue.refetch()}>
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
  );
}

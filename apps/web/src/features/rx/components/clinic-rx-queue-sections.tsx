import { link } from '@apothecall/domain/navigation/links';
import type { RxQueueEntry } from '@apothecall/domain/rx/rx-visits.api';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import type { useClaimClinicRx } from '../api/clinic-claim-rx';
import { RxAlarmBadges } from './rx-facts';
import { productName, stateLabel } from './rx-format';
import { RxStatusBadge } from './rx-status-badge';

/** A visit of the queue: the product, the patient, state, since when, alarms, and its action. */
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

/** The prescriber's prescriptions a pharmacy asked to change, each opening its review. */
export function ClinicRxChangeRequests({ entries }: { entries: RxQueueEntry[] }) {
  const t = useT();
  const navigate = useNavigate();
  return (
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
        {entries.map((entry) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            action={
              <Button
                onClick={() => navigate(link('/clinic/rx/:id', { id: entry.id }))}
                data-testid="rx-change-request-open"
              >
                {t('rxScreens.change.open')}
              </Button>
            }
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** The prescriber's own reviews, each opening. */
export function ClinicRxMine({ entries }: { entries: RxQueueEntry[] }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Stack gap="xs" component="section" aria-labelledby="rx-mine-title">
      <Title order={2} size="h4" id="rx-mine-title">
        {t('rxClinic.queue.mine')}
      </Title>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {entries.map((entry) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            action={
              <Button
                variant="light"
                onClick={() => navigate(link('/clinic/rx/:id', { id: entry.id }))}
              >
                {t('rxClinic.queue.open')}
              </Button>
            }
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** The visits waiting in the prescriber's states, oldest first, each with Claim. */
export function ClinicRxWaiting({
  entries,
  claim,
}: {
  entries: RxQueueEntry[];
  claim: ReturnType<typeof useClaimClinicRx>;
}) {
  const t = useT();
  return (
    <Stack gap="xs" component="section" aria-labelledby="rx-waiting-title">
      <Title order={2} size="h4" id="rx-waiting-title">
        {t('rxScreens.clinic.waitingTitle')}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" data-testid="rx-queue-empty">
          {t('rxClinic.queue.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {entries.map((entry) => (
            <EntryCard
              key={entry.id}
              entry={entry}
              action={
                <Button
                  onClick={() => claim.mutate({ visitId: entry.id })}
                  loading={claim.isPending && claim.variables?.visitId === entry.id}
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
  );
}

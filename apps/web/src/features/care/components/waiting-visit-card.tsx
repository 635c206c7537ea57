import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { unclaimedVisitLimitMs } from '@apothecall/domain/care/visits.rules';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLang, useT } from '../../../lib/i18n';
import { formatClock, reasonLabel } from './get-care-format';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * One active visit in the waiting room: who, why, the place in line, the wait and when a
 * provider is due (local time), all moved live by the server's pushes; or, once a provider
 * claimed it, their name.
 */
export function WaitingVisitCard({
  visit,
  patientName,
  onCancel,
}: {
  visit: PatientVisit;
  patientName: string;
  onCancel: () => void;
}) {
  const t = useT();
  const waiting = visit.state === 'waiting';
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'sm', xs: 'md' }}
      component="li"
      data-testid="waiting-visit"
      data-visit-id={visit.visitId}
      data-state={visit.state}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {patientName}
            </Title>
            <Text size="sm" c="dimmed">
              {reasonLabel(t, visit.reason)}
            </Text>
          </Stack>
          <Badge color={waiting ? 'blue' : 'green'} variant="light">
            {waiting ? t('careUi.waiting.stateWaiting') : t('careUi.waiting.stateInProgress')}
          </Badge>
        </Group>
        {waiting ? (
          <WaitingPlace visit={visit} />
        ) : (
          <Text fw={600} role="status" data-testid="waiting-provider">
            {visit.providerName
              ? t('careUi.waiting.withProvider', { provider: visit.providerName })
              : t('careUi.waiting.stateInProgress')}
          </Text>
        )}
        {waiting ? (
          <Group>
            <Button color="red" variant="light" onClick={onCancel}>
              {t('careUi.waiting.cancel')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** A waiting visit's place in line, wait and due time, and whether a provider is there now. */
function WaitingPlace({ visit }: { visit: PatientVisit }) {
  const t = useT();
  const lang = useLang();
  return (
    <div aria-live="polite" aria-atomic="true">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Fact
          label={t('careUi.waiting.place')}
          value={visit.place === null ? '—' : String(visit.place)}
          testId="waiting-place"
        />
        <Fact
          label={t('careUi.waiting.wait')}
          value={
            visit.waitTime === null
              ? t('careUi.waiting.waitUnknown')
              : t('careUi.waiting.minutes', { minutes: visit.waitTime })
          }
          testId="waiting-wait"
        />
        <Fact
          label={t('careUi.waiting.due')}
          value={visit.dueTime === null ? '—' : formatClock(visit.dueTime, lang)}
          testId="waiting-due"
        />
      </SimpleGrid>
      {visit.noProvider ? (
        // Nobody licensed in the visit's state is available now: the patient may
        // keep waiting or cancel, and knows an unclaimed visit is cancelled and refunded.
        <Text size="sm" mt="xs" fw={600} data-testid="waiting-no-provider">
          {t('care.visit.noProviderNow', {
            minutes: String(unclaimedVisitLimitMs / 60_000),
          })}
        </Text>
      ) : visit.waitTime === null ? (
        <Text size="sm" mt="xs">
          {t('careUi.waiting.noProvider')}
        </Text>
      ) : null}
    </div>
  );
}

import type { AnalyticsLogins } from '@apothecall/domain/analytics/analytics.api';
import { maxLoginEvents } from '@apothecall/domain/analytics/analytics.api';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { isMessageKey, type Translate, useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from './analytics-format';
import { ScrollTable } from './scroll-table';

function roleLabel(t: Translate, role: string): string {
  const key = `analyticsUi.role.${role}`;
  return isMessageKey(key) ? t(key) : role;
}

function reasonLabel(t: Translate, reason: string | null): string {
  if (!reason) return '';
  const key = `analyticsUi.logins.reason.${reason}`;
  return isMessageKey(key) ? t(key) : reason;
}

/**
 * Logins: the pharmacy's staff with their sign-ins and failures in the range, then the history,
 * newest first: who, when, platform, result (and why a failure failed), the address shortened.
 */
export function LoginsPanel({ data }: { data: AnalyticsLogins }) {
  const t = useT();
  const lang = useLang();
  return (
    <Stack gap="md" data-testid="analytics-logins">
      <SectionCard title={t('analyticsUi.logins.staffTitle')} testId="analytics-staff">
        <ScrollTable label={t('analyticsUi.logins.staffTitle')} minWidth={560}>
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('analyticsUi.logins.name')}</Table.Th>
                <Table.Th scope="col">{t('analyticsUi.logins.loginId')}</Table.Th>
                <Table.Th scope="col">{t('analyticsUi.logins.role')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('analyticsUi.logins.successes')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('analyticsUi.logins.failures')}
                </Table.Th>
                <Table.Th scope="col">{t('analyticsUi.logins.last')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.staff.map((person) => (
                <Table.Tr key={person.accountId} data-testid="analytics-staff-row">
                  <Table.Th scope="row" fw={500}>
                    {person.name}
                  </Table.Th>
                  <Table.Td>{person.loginId}</Table.Td>
                  <Table.Td>{roleLabel(t, person.role)}</Table.Td>
                  <Table.Td ta="right">{person.successes}</Table.Td>
                  <Table.Td ta="right">{person.failures}</Table.Td>
                  <Table.Td>
                    {person.lastSuccessAt
                      ? formatDateTime(person.lastSuccessAt, lang)
                      : t('analyticsUi.logins.never')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </SectionCard>

      <SectionCard
        title={t('analyticsUi.logins.eventsTitle')}
        description={t('analyticsUi.logins.note')}
        testId="analytics-login-events"
      >
        {data.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('analyticsUi.logins.empty')}
          </Text>
        ) : (
          <ScrollTable label={t('analyticsUi.logins.eventsTitle')} minWidth={560}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('analyticsUi.logins.when')}</Table.Th>
                  <Table.Th scope="col">{t('analyticsUi.logins.who')}</Table.Th>
                  <Table.Th scope="col">{t('analyticsUi.logins.outcome')}</Table.Th>
                  <Table.Th scope="col">{t('analyticsUi.logins.platform')}</Table.Th>
                  <Table.Th scope="col">{t('analyticsUi.logins.address')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.events.map((event) => (
                  <Table.Tr
                    key={event.id}
                    data-testid="analytics-login-event"
                    data-outcome={event.outcome}
                  >
                    <Table.Td>{formatDateTime(event.at, lang)}</Table.Td>
                    <Table.Th scope="row" fw={400}>
                      {event.name}
                      <Text size="xs" c="dimmed">
                        {event.loginId}
                      </Text>
                    </Table.Th>
                    <Table.Td>
                      <Badge
                        size="sm"
                        variant="light"
                        color={event.outcome === 'success' ? 'green' : 'red'}
                      >
                        {event.outcome === 'success'
                          ? t('analyticsUi.logins.success')
                          : t('analyticsUi.logins.failure')}
                      </Badge>
                      {event.reason ? (
                        <Text size="xs" c="dimmed">
                          {reasonLabel(t, event.reason)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{event.platform ?? t('analyticsUi.noValue')}</Table.Td>
                    <Table.Td ff="monospace">{event.ipPrefix ?? t('analyticsUi.noValue')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {data.truncated ? (
          <Text size="sm" c="dimmed">
            {t('analyticsUi.logins.truncated', { count: maxLoginEvents })}
          </Text>
        ) : null}
      </SectionCard>
    </Stack>
  );
}

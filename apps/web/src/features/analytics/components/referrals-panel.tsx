import type { AnalyticsReferrals } from '@apothecall/domain/analytics/analytics.api';
import { link } from '@apothecall/domain/navigation/links';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime, formatUsd } from './analytics-format';
import { ScrollTable } from './scroll-table';

/**
 * Referrals: the pharmacy's codes (its white-label's and its staff's) with their sign-ups, uses
 * and amount in the range, and each code's transactions: a date and an amount, never who paid
 * (as the referred transactions list). Prepay program codes have their own screens.
 */
export function ReferralsPanel({ data }: { data: AnalyticsReferrals }) {
  const t = useT();
  const lang = useLang();
  return (
    <Stack gap="md" data-testid="analytics-referrals">
      <SectionCard
        title={t('analyticsUi.referrals.title')}
        description={t('analyticsUi.referrals.note')}
        testId="analytics-referral-codes"
      >
        {data.codes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('analyticsUi.referrals.empty')}
          </Text>
        ) : (
          <ScrollTable label={t('analyticsUi.referrals.title')} minWidth={560}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('analyticsUi.referrals.code')}</Table.Th>
                  <Table.Th scope="col">{t('analyticsUi.referrals.titleColumn')}</Table.Th>
                  <Table.Th scope="col">{t('analyticsUi.referrals.price')}</Table.Th>
                  <Table.Th scope="col">{t('analyticsUi.referrals.owner')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('analyticsUi.referrals.signups')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('analyticsUi.referrals.uses')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('analyticsUi.referrals.amount')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.codes.map((code) => (
                  <Table.Tr
                    key={code.code}
                    data-testid="analytics-referral-code"
                    data-code={code.code}
                  >
                    <Table.Th scope="row" ff="monospace">
                      {code.code}
                    </Table.Th>
                    <Table.Td>{code.title}</Table.Td>
                    <Table.Td>
                      {code.priceCents === null
                        ? t('analyticsUi.referrals.defaultPrice')
                        : formatUsd(code.priceCents)}
                    </Table.Td>
                    <Table.Td>{t(`analyticsUi.referrals.owner.${code.owner}`)}</Table.Td>
                    <Table.Td ta="right">{code.signups}</Table.Td>
                    <Table.Td ta="right" data-testid="analytics-referral-uses">
                      {code.uses}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="analytics-referral-amount">
                      {formatUsd(code.amountCents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        <Text size="sm">
          <Anchor component={Link} to={link('/prepay-select')}>
            {t('analyticsUi.referrals.programs')}
          </Anchor>
        </Text>
      </SectionCard>
      {data.codes.map((code) => (
        <SectionCard
          key={code.code}
          title={t('analyticsUi.referrals.transactions', { code: code.code })}
          testId="analytics-referral-transactions"
        >
          {code.transactions.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('analyticsUi.referrals.noTransactions')}
            </Text>
          ) : (
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('analyticsUi.referrals.date')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('analyticsUi.referrals.amount')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {code.transactions.map((transaction) => (
                  <Table.Tr key={transaction.id} data-testid="analytics-referral-transaction">
                    <Table.Td>{formatDateTime(transaction.date, lang)}</Table.Td>
                    <Table.Td ta="right">{formatUsd(transaction.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </SectionCard>
      ))}
    </Stack>
  );
}

import type { RevenueMonth } from '@apothecall/domain/subscriptions/subscriptions.api';
import { Box, Table, Text } from '@mantine/core';
import { ScrollRegion } from '../../../components/scroll-region';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { monthLabel, revenueBars, revenueTotals } from './subscription-format';

/** A bar of `pct` percent of its track, hidden from assistive technology (the amount says it). */
function Bar({ pct, colour, testId }: { pct: number; colour: string; testId: string }) {
  return (
    <Box
      aria-hidden="true"
      data-testid={testId}
      data-pct={pct}
      mt={4}
      h={8}
      w="100%"
      style={{ background: 'var(--mantine-color-gray-2)', borderRadius: 4, overflow: 'hidden' }}
    >
      <Box h="100%" style={{ width: `${pct}%`, background: colour, borderRadius: 4 }} />
    </Box>
  );
}

/**
 * The revenue by month as a table (month, charged, refunded, net, oldest first) with a bar under
 * each amount: the table is what assistive technology reads; the bars, hidden from it, only
 * show the sizes at a glance. A total row closes it. Four narrow columns fit a phone.
 */
export function RevenueChart({ months }: { months: readonly RevenueMonth[] }) {
  const t = useT();
  const lang = useLang();
  if (months.length === 0) {
    return (
      <Text size="sm" data-testid="rxadmin-revenue-empty">
        {t('subscriptionUi.admin.revenueEmpty')}
      </Text>
    );
  }
  const bars = revenueBars(months);
  const totals = revenueTotals(months);
  return (
    <ScrollRegion label={t('subscriptionUi.admin.revenueCaption')} minWidth={260}>
      <Table
        horizontalSpacing={6}
        verticalSpacing={6}
        fz={{ base: 'xs', sm: 'sm' }}
        striped
        data-testid="rxadmin-revenue"
      >
        <Table.Caption>{t('subscriptionUi.admin.revenueCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('subscriptionUi.admin.month')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('subscriptionUi.admin.charged')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('subscriptionUi.admin.refunded')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('subscriptionUi.admin.net')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bars.map((m) => (
            <Table.Tr key={m.month} data-testid="rxadmin-revenue-month" data-month={m.month}>
              <Table.Th scope="row" fw={600}>
                {monthLabel(m.month, lang)}
              </Table.Th>
              <Table.Td ta="right">
                {formatCents(m.chargedCents, lang)}
                <Bar pct={m.chargedPct} colour="var(--mantine-color-blue-6)" testId="bar-charged" />
              </Table.Td>
              <Table.Td ta="right">
                {formatCents(m.refundedCents, lang)}
                <Bar
                  pct={m.refundedPct}
                  colour="var(--mantine-color-red-6)"
                  testId="bar-refunded"
                />
              </Table.Td>
              <Table.Td ta="right" fw={700} data-testid="rxadmin-revenue-net">
                {formatCents(m.netCents, lang)}
                <Bar pct={m.netPct} colour="var(--mantine-color-green-7)" testId="bar-net" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('subscriptionUi.admin.total')}</Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatCents(totals.chargedCents, lang)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatCents(totals.refundedCents, lang)}
            </Table.Td>
            <Table.Td ta="right" fw={700} data-testid="rxadmin-revenue-total">
              {formatCents(totals.netCents, lang)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollRegion>
  );
}

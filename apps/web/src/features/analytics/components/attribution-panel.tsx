import type { AnalyticsAttribution } from '@apothecall/domain/analytics/analytics.api';
import { Stack, Table, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';
import { BarChart } from './bar-chart';
import { LinkCell, productLabel } from './overview-panel';
import { ScrollTable } from './scroll-table';

/** Attribution: where the range's visits came from (source, link, white-label brand). */
export function AttributionPanel({ data }: { data: AnalyticsAttribution }) {
  const t = useT();
  return (
    <Stack gap="md" data-testid="analytics-attribution">
      <BarChart
        title={t('analyticsUi.attribution.source')}
        testId="analytics-chart-source"
        empty={t('analyticsUi.chart.empty')}
        rows={data.bySource.map((row) => ({
          key: row.source,
          label: t(`analyticsUi.source.${row.source}`),
          value: row.visits,
        }))}
      />
      <SectionCard title={t('analyticsUi.attribution.link')} testId="analytics-by-link">
        {data.byLink.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('analyticsUi.attribution.noLinks')}
          </Text>
        ) : (
          <ScrollTable label={t('analyticsUi.attribution.link')} minWidth={420}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('analyticsUi.conversion.link')}</Table.Th>
                  <Table.Th scope="col">{t('analyticsUi.conversion.treatment')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('analyticsUi.attribution.visits')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('analyticsUi.attribution.paid')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.byLink.map((row) => (
                  <Table.Tr
                    key={row.linkId}
                    data-testid="analytics-link-row"
                    data-link-id={row.linkId}
                  >
                    <LinkCell linkId={row.linkId} deleted={row.deleted} />
                    <Table.Td>{productLabel(t, row.productId)}</Table.Td>
                    <Table.Td ta="right">{row.visits}</Table.Td>
                    <Table.Td ta="right">{row.paid}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </SectionCard>
      <BarChart
        title={t('analyticsUi.attribution.brand')}
        testId="analytics-chart-brand"
        empty={t('analyticsUi.chart.empty')}
        rows={data.byBrand.map((row) => ({
          key: row.brandId ?? 'none',
          label: row.name ?? row.brandId ?? t('analyticsUi.brand.unknown'),
          value: row.visits,
        }))}
      />
    </Stack>
  );
}

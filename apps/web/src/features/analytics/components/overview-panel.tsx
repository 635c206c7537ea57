import type {
  AnalyticsOverview,
  AnalyticsStatus,
} from '@apothecall/domain/analytics/analytics.api';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { pharmacyStatusConfig } from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import { Badge, Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { countText, type Translate, useLang, useT } from '../../../lib/i18n';
import { claimsText, formatNumber, formatUsd } from './analytics-format';
import { BarChart } from './bar-chart';
import { ScrollTable } from './scroll-table';

export function statusLabel(t: Translate, status: AnalyticsStatus): string {
  return status === 'notAtPharmacy'
    ? t('analyticsUi.status.notAtPharmacy')
    : t(pharmacyStatusConfig(status).label);
}

export function productLabel(t: Translate, productId: string | null): string {
  if (productId === null) return t('analyticsUi.noValue');
  const product = rxProductById(productId);
  return product ? t(product.nameKey) : productId;
}

/** A row's heading cell naming a pharmacy link (and whether it was withdrawn since). */
export function LinkCell({ linkId, deleted }: { linkId: string; deleted: boolean }) {
  const t = useT();
  return (
    <Table.Th scope="row" fw={400}>
      <Text span ff="monospace" size="sm">
        {linkId}
      </Text>{' '}
      {deleted ? (
        <Badge size="xs" variant="light" color="gray">
          {t('analyticsUi.conversion.deleted')}
        </Badge>
      ) : null}
    </Table.Th>
  );
}

/** A rate written out with a bar of its length (100 % fills the track). */
function RateCell({ value, text }: { value: number | null; text: string }) {
  return (
    <Table.Td>
      <div className="analytics-bar-cell">
        <div className="analytics-bar-track" aria-hidden="true">
          <div className="analytics-bar" style={{ width: `${Math.min(100, value ?? 0)}%` }} />
        </div>
        <span className="analytics-bar-value">{text}</span>
      </div>
    </Table.Td>
  );
}

function Tile({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} className="analytics-tile-value" data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * The overview: the range's headline figures as tiles, then bar charts of visits by status and
 * by treatment, revenue and fees, conversion per link (a table with its rate bar) and time to
 * claim. Every number is written out; the bars only repeat it.
 */
export function OverviewPanel({ data }: { data: AnalyticsOverview }) {
  const t = useT();
  return (
    <Stack gap="md" data-testid="analytics-overview">
      <OverviewTiles data={data} />

      <BarChart
        title={t('analyticsUi.chart.status')}
        testId="analytics-chart-status"
        empty={t('analyticsUi.chart.empty')}
        rows={data.byStatus.map((row) => ({
          key: row.status,
          label: statusLabel(t, row.status),
          value: row.count,
        }))}
      />
      <BarChart
        title={t('analyticsUi.chart.treatment')}
        testId="analytics-chart-treatment"
        empty={t('analyticsUi.chart.empty')}
        rows={data.byTreatment.map((row) => ({
          key: row.productId,
          label: productLabel(t, row.productId),
          value: row.count,
        }))}
      />
      <MoneyChart revenue={data.revenue} fees={data.fees} />

      <ConversionSection conversion={data.conversion} />

      <TimeToClaimChart timeToClaim={data.timeToClaim} />
    </Stack>
  );
}

/** Minutes written out, or 'no value'. */
function minutesText(t: Translate, lang: Lang, value: number | null): string {
  return value === null
    ? t('analyticsUi.noValue')
    : t('analyticsUi.minutes', { minutes: formatNumber(value, lang) });
}

/** A rate as a percentage, or 'no rate'. */
function rateText(t: Translate, lang: Lang, value: number | null): string {
  return value === null ? t('analyticsUi.noRate') : `${formatNumber(value, lang)} %`;
}

/** The range's headline figures, a tile each. */
function OverviewTiles({ data }: { data: AnalyticsOverview }) {
  const t = useT();
  const lang = useLang();
  const minutes = (value: number | null) => minutesText(t, lang, value);
  const rate = (value: number | null) => rateText(t, lang, value);
  const { revenue, fees, conversion, timeToClaim } = data;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Tile
        label={t('analyticsUi.tile.visits')}
        value={String(data.visits)}
        testId="analytics-tile-visits"
      />
      <Tile
        label={t('analyticsUi.tile.paid')}
        value={String(revenue.paidVisits)}
        testId="analytics-tile-paid"
      />
      <Tile
        label={t('analyticsUi.tile.conversion')}
        value={rate(conversion.overall.rate)}
        testId="analytics-tile-conversion"
      />
      <Tile
        label={t('analyticsUi.tile.net')}
        value={formatUsd(revenue.netCents)}
        testId="analytics-tile-net"
      />
      <Tile
        label={t('analyticsUi.tile.feesPaid')}
        value={formatUsd(fees.paidCents)}
        testId="analytics-tile-fees-paid"
      />
      <Tile
        label={t('analyticsUi.tile.feesOwed')}
        value={formatUsd(fees.owedCents)}
        testId="analytics-tile-fees-owed"
      />
      <Tile
        label={t('analyticsUi.tile.medianClaim')}
        value={minutes(timeToClaim.medianMinutes)}
        testId="analytics-tile-median-claim"
      />
    </SimpleGrid>
  );
}

/** Revenue and the claim fees, as bars with their amounts. */
function MoneyChart({
  revenue,
  fees,
}: {
  revenue: AnalyticsOverview['revenue'];
  fees: AnalyticsOverview['fees'];
}) {
  const t = useT();
  return (
    <BarChart
      title={t('analyticsUi.chart.money')}
      testId="analytics-chart-money"
      description={`${t('analyticsUi.money.fee', { fee: formatUsd(fees.claimFeeCents) })} ${countText(
        t,
        revenue.prepayVisits,
        {
          one: 'analyticsUi.money.prepayVisits.one',
          other: 'analyticsUi.money.prepayVisits.other',
        },
      )}`}
      rows={[
        { key: 'charged', label: t('analyticsUi.money.charged'), value: revenue.chargedCents },
        { key: 'refunded', label: t('analyticsUi.money.refunded'), value: revenue.refundedCents },
        { key: 'net', label: t('analyticsUi.money.net'), value: revenue.netCents },
        {
          key: 'feesPaid',
          label: countText(t, fees.claims, {
            one: 'analyticsUi.money.feesPaid.one',
            other: 'analyticsUi.money.feesPaid.other',
          }),
          value: fees.paidCents,
        },
        {
          key: 'feesOwed',
          label: countText(t, fees.awaitingClaim, {
            one: 'analyticsUi.money.feesOwed.one',
            other: 'analyticsUi.money.feesOwed.other',
          }),
          value: fees.owedCents,
        },
      ].map((row) => ({ ...row, display: formatUsd(row.value) }))}
    />
  );
}

/** Conversion per pharmacy link: a table with a rate bar per row, the overall first. */
function ConversionSection({ conversion }: { conversion: AnalyticsOverview['conversion'] }) {
  const t = useT();
  const lang = useLang();
  const rate = (value: number | null) => rateText(t, lang, value);
  return (
    <SectionCard title={t('analyticsUi.chart.conversion')} testId="analytics-conversion">
      <ScrollTable label={t('analyticsUi.chart.conversion')} minWidth={480}>
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('analyticsUi.conversion.link')}</Table.Th>
              <Table.Th scope="col">{t('analyticsUi.conversion.treatment')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('analyticsUi.conversion.started')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('analyticsUi.conversion.paid')}
              </Table.Th>
              <Table.Th scope="col" w="35%">
                {t('analyticsUi.conversion.rate')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr data-testid="analytics-conversion-overall">
              <Table.Th scope="row" fw={600}>
                {t('analyticsUi.conversion.overall')}
              </Table.Th>
              <Table.Td>{t('analyticsUi.noValue')}</Table.Td>
              <Table.Td ta="right">{conversion.overall.started}</Table.Td>
              <Table.Td ta="right">{conversion.overall.paid}</Table.Td>
              <RateCell value={conversion.overall.rate} text={rate(conversion.overall.rate)} />
            </Table.Tr>
            {conversion.links.map((link) => (
              <Table.Tr
                key={link.linkId}
                data-testid="analytics-conversion-link"
                data-link-id={link.linkId}
              >
                <LinkCell linkId={link.linkId} deleted={link.deleted} />
                <Table.Td>{productLabel(t, link.productId)}</Table.Td>
                <Table.Td ta="right">{link.started}</Table.Td>
                <Table.Td ta="right">{link.paid}</Table.Td>
                <RateCell value={link.rate} text={rate(link.rate)} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {conversion.links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analyticsUi.conversion.noLinks')}
        </Text>
      ) : null}
    </SectionCard>
  );
}

/** The median and 90th percentile minutes from payment to a pharmacy's claim. */
function TimeToClaimChart({ timeToClaim }: { timeToClaim: AnalyticsOverview['timeToClaim'] }) {
  const t = useT();
  const lang = useLang();
  const minutes = (value: number | null) => minutesText(t, lang, value);
  return (
    <BarChart
      title={t('analyticsUi.chart.timeToClaim')}
      testId="analytics-chart-claim"
      description={
        timeToClaim.claims > 0 ? claimsText(t, timeToClaim.claims) : t('analyticsUi.claim.none')
      }
      empty={t('analyticsUi.claim.none')}
      rows={[
        {
          key: 'median',
          label: t('analyticsUi.claim.median'),
          value: timeToClaim.medianMinutes ?? 0,
          display: minutes(timeToClaim.medianMinutes),
        },
        {
          key: 'p90',
          label: t('analyticsUi.claim.p90'),
          value: timeToClaim.p90Minutes ?? 0,
          display: minutes(timeToClaim.p90Minutes),
        },
      ]}
    />
  );
}

import {
  type AnalyticsOverview,
  type AnalyticsStatus,
  analyticsStatuses,
  attributionSources,
  type LinkConversion,
} from '@apothecall/domain/analytics/analytics.api';
import {
  attributionSourceOf,
  conversionRate,
  median,
  minutesOf,
  percentile,
} from '@apothecall/domain/analytics/analytics.rules';
import {
  claimableStatuses,
  isPharmacyStatus,
  type PharmacyStatus,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PharmacyVisitFact } from '../rx/rx.port';

type Link = Awaited<ReturnType<PharmacyPort['allLinksOf']>>[number];
type ChargeTotal = Awaited<ReturnType<PaymentsPort['chargeTotals']>>[number];

export const paid = (v: PharmacyVisitFact) => v.paidAt !== null;
export const countWhere = <T>(rows: readonly T[], test: (row: T) => boolean) =>
  rows.reduce((n, row) => (test(row) ? n + 1 : n), 0);
const claimable = (status: string | null) =>
  status !== null && (claimableStatuses as readonly string[]).includes(status);

/** How many visits, and how many of them paid. */
export const visitFigures = (rows: readonly PharmacyVisitFact[]) => ({
  visits: rows.length,
  paid: countWhere(rows, paid),
});

/**
 * The overview's figures over the range's visits (everything but the range): by status and
 * treatment, the money, the claim fees, conversion overall and per link, and time to claim.
 */
export function overviewFigures(
  visits: readonly PharmacyVisitFact[],
  links: readonly Link[],
  charges: readonly ChargeTotal[],
  claimFeeCents: number,
): Omit<AnalyticsOverview, 'range'> {
  const statusOf = (v: PharmacyVisitFact): AnalyticsStatus =>
    isPharmacyStatus(v.pharmacyStatus) ? (v.pharmacyStatus as PharmacyStatus) : 'notAtPharmacy';
  const byStatus = analyticsStatuses.map((status) => ({
    status,
    count: countWhere(visits, (v) => statusOf(v) === status),
  }));

  const treatments = new Map<string, number>();
  for (const v of visits) treatments.set(v.productId, (treatments.get(v.productId) ?? 0) + 1);
  const byTreatment = [...treatments]
    .map(([productId, count]) => ({ productId, count }))
    .sort((a, b) => b.count - a.count || a.productId.localeCompare(b.productId));

  const found = new Set(charges.map((c) => c.id));
  const chargedCents = charges.reduce((sum, c) => sum + c.amountCents, 0);
  const refundedCents = charges.reduce((sum, c) => sum + c.refundedCents, 0);

  const claimed = visits.filter((v) => v.claimFeeEntryId !== null);
  const awaitingClaim = countWhere(visits, (v) => claimable(v.pharmacyStatus));

  const started = (rows: readonly PharmacyVisitFact[]) => ({
    started: rows.length,
    paid: countWhere(rows, paid),
    rate: conversionRate(rows.length, countWhere(rows, paid)),
  });
  const linkRows: LinkConversion[] = links
    .map((link) => ({
      link,
      ...started(visits.filter((v) => v.linkId === link.id)),
    }))
    .filter((row) => row.link.deletedAt === null || row.started > 0)
    .map(({ link, ...figures }) => ({
      linkId: link.id,
      productId: link.screenId,
      deleted: link.deletedAt !== null,
      ...figures,
    }));

  const waits = visits.flatMap((v) =>
    v.prescribedAt && v.pharmacyClaimedAt
      ? [v.pharmacyClaimedAt.getTime() - v.prescribedAt.getTime()]
      : [],
  );
  const medianMs = median(waits);
  const p90Ms = percentile(waits, 0.9);

  return {
    visits: visits.length,
    byStatus,
    byTreatment,
    revenue: {
      paidVisits: countWhere(visits, paid),
      cardVisits: countWhere(visits, (v) => v.ledgerId !== null && found.has(v.ledgerId)),
      prepayVisits: countWhere(visits, (v) => v.prepayRedemptionId !== null),
      chargedCents,
      refundedCents,
      netCents: chargedCents - refundedCents,
    },
    fees: {
      claimFeeCents: claimFeeCents,
      claims: claimed.length,
      paidCents: claimed.reduce((sum, v) => sum + (v.claimFeeCents ?? 0), 0),
      awaitingClaim,
      owedCents: awaitingClaim * claimFeeCents,
    },
    conversion: { overall: started(visits), links: linkRows },
    timeToClaim: {
      claims: waits.length,
      medianMinutes: medianMs === null ? null : minutesOf(medianMs),
      p90Minutes: p90Ms === null ? null : minutesOf(p90Ms),
    },
  };
}

/** The range's visits by where they came from, and by the pharmacy's link they came through. */
export function sourceFigures(visits: readonly PharmacyVisitFact[], links: readonly Link[]) {
  const linkById = new Map(links.map((l) => [l.id, l]));

  const bySource = attributionSources.map((source) => ({
    source,
    ...visitFigures(visits.filter((v) => attributionSourceOf(v) === source)),
  }));

  const linkIds = [...new Set(visits.flatMap((v) => (v.linkId ? [v.linkId] : [])))];
  const byLink = linkIds
    .map((linkId) => {
      const link = linkById.get(linkId);
      return {
        linkId,
        productId: link?.screenId ?? null,
        deleted: link ? link.deletedAt !== null : false,
        ...visitFigures(visits.filter((v) => v.linkId === linkId)),
      };
    })
    .sort((a, b) => b.visits - a.visits || a.linkId.localeCompare(b.linkId));

  return { bySource, byLink };
}

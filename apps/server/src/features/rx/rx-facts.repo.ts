import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rxVisits } from '../../db/schema/rx';
import type { PharmacyVisitFact } from './rx.port';

/**
 * The facts a pharmacy's analytics are computed from (issue 20): one indexed read of the light
 * columns of the pharmacy's visits that started in a range. No patient, no clinical content.
 */
export function createRxFactsRepo(db: Db) {
  return {
    async pharmacyVisitsStarted(
      pharmacyId: string,
      range: { from: Date; to: Date },
    ): Promise<PharmacyVisitFact[]> {
      return db
        .select({
          id: rxVisits.id,
          productId: rxVisits.productId,
          status: rxVisits.status,
          pharmacyStatus: rxVisits.pharmacyStatus,
          linkId: rxVisits.linkId,
          brandId: rxVisits.brandId,
          assessmentId: rxVisits.assessmentId,
          createdAt: rxVisits.createdAt,
          paidAt: rxVisits.paidAt,
          ledgerId: rxVisits.ledgerId,
          prepayRedemptionId: rxVisits.prepayRedemptionId,
          prescribedAt: rxVisits.prescribedAt,
          pharmacyClaimedAt: rxVisits.pharmacyClaimedAt,
          claimFeeEntryId: rxVisits.claimFeeEntryId,
          claimFeeCents: rxVisits.claimFeeCents,
        })
        .from(rxVisits)
        .where(
          and(
            eq(rxVisits.pharmacyId, pharmacyId),
            gte(rxVisits.createdAt, range.from),
            lt(rxVisits.createdAt, range.to),
          ),
        )
        .orderBy(asc(rxVisits.createdAt), asc(rxVisits.id));
    },
  };
}

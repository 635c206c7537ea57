import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rxVisits } from '../../db/schema/rx';
import type { AdminRxVisitRecord, PharmacyVisitFact } from './rx.port';

/**
 * The facts a pharmacy's analytics are computed from: one indexed read of the light
 * columns of the pharmacy's visits that started in a range. No patient, no clinical content.
 */
export function createRxFactsRepo(db: Db) {
  return {
    /**
     * Rx visits of a status for the back office's visits list, the unfinished first,
     * then the newest; at most `limit`. No evaluation, messages or prescription.
     */
    async adminRxVisits(filter: { status?: string }, limit: number): Promise<AdminRxVisitRecord[]> {
      return db
        .select({
          id: rxVisits.id,
          accountId: rxVisits.accountId,
          personId: rxVisits.personId,
          status: rxVisits.status,
          location: rxVisits.location,
          prescriberId: rxVisits.prescriberId,
          pharmacyId: rxVisits.pharmacyId,
          createdAt: rxVisits.createdAt,
          updatedAt: rxVisits.updatedAt,
          paidAt: rxVisits.paidAt,
          prescribedAt: rxVisits.prescribedAt,
          pharmacyStatus: rxVisits.pharmacyStatus,
        })
        .from(rxVisits)
        .where(filter.status ? eq(rxVisits.status, filter.status) : undefined)
        .orderBy(
          sql`case when ${rxVisits.status} in ('refund', 'review') then 1 else 0 end`,
          desc(rxVisits.createdAt),
        )
        .limit(limit);
    },
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

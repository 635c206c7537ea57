import { and, desc, eq, like, notLike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { visits } from '../../db/schema/care';
import type { AdminVisitRecord, VisitListing } from './care.port';

const columns = {
  id: visits.id,
  personId: visits.personId,
  location: visits.location,
  state: visits.state,
  outcome: visits.outcome,
  createdAt: visits.createdAt,
  endedAt: visits.endedAt,
};

/** Rows the visits list reads at most per kind: the unfinished first, then the newest. */
export const adminVisitsRead = 5000;

/** The back office's reads of visits: an account's, and the accounts of a short reference. */
export function createVisitListingRepo(db: Db) {
  return {
    /** The account's visits, newest first, at most `limit`. */
    async visitsOfAccount(accountId: string, limit: number): Promise<VisitListing[]> {
      return db
        .select(columns)
        .from(visits)
        .where(eq(visits.accountId, accountId))
        .orderBy(desc(visits.createdAt))
        .limit(limit);
    },
    /** Visits of a kind and state for the back office's list, unfinished first. */
    async adminVisits(filter: {
      kind?: 'video' | 'appointment';
      state?: string;
    }): Promise<AdminVisitRecord[]> {
      const where: SQL[] = [];
      if (filter.kind === 'appointment') where.push(like(visits.idempotencyKey, 'appointment:%'));
      if (filter.kind === 'video') where.push(notLike(visits.idempotencyKey, 'appointment:%'));
      if (filter.state) where.push(eq(visits.state, filter.state));
      const rows = await db
        .select({
          id: visits.id,
          accountId: visits.accountId,
          personId: visits.personId,
          key: visits.idempotencyKey,
          state: visits.state,
          location: visits.location,
          providerId: visits.providerId,
          claimedAt: visits.claimedAt,
          endedAt: visits.endedAt,
          createdAt: visits.createdAt,
        })
        .from(visits)
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(
          sql`case when ${visits.state} in ('waiting', 'inProgress') then 0 else 1 end`,
          desc(visits.createdAt),
        )
        .limit(adminVisitsRead);
      return rows.map(({ key, ...row }) => ({
        ...row,
        kind: key.startsWith('appointment:') ? 'appointment' : 'video',
      }));
    },
    /** The accounts whose visit ids start with this short reference (8 hex digits). */
    async accountsOfVisitRef(ref: string): Promise<string[]> {
      if (!/^[0-9a-f]{8}$/.test(ref)) return [];
      const rows = await db
        .selectDistinct({ accountId: visits.accountId })
        .from(visits)
        .where(sql`${visits.id}::text like ${`${ref}%`}`)
        .limit(20);
      return rows.map((r) => r.accountId);
    },
  };
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { visits } from '../../db/schema/care';

/** A visit as the back office's account page lists it (issue 35): no reason, notes or screening. */
export interface VisitListing {
  id: string;
  personId: string;
  /** video (on-demand) or the rx flow's location; the kind of visit. */
  location: string;
  state: string;
  outcome: string | null;
  createdAt: Date;
  endedAt: Date | null;
}

const columns = {
  id: visits.id,
  personId: visits.personId,
  location: visits.location,
  state: visits.state,
  outcome: visits.outcome,
  createdAt: visits.createdAt,
  endedAt: visits.endedAt,
};

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
export type VisitListingRepo = ReturnType<typeof createVisitListingRepo>;

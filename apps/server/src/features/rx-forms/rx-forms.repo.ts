import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PapersQuery, paperColumns, papersOfAccountIn } from '../../db/document-papers';
import { rxFormRequests } from '../../db/schema/rx-forms';

export type RxFormRequestRecord = typeof rxFormRequests.$inferSelect;

/** At most this many requests one list answers. */
export const rxFormsListLimit = 500;

/**
 * The form requests' table. A pharmacy's reads name its organisation and an account's reads
 * name the account, so another's row is never found; the moves are conditional on the status.
 */
export interface RxFormsRepo {
  /** Undefined when the same form already waits on the visit (the partial unique index). */
  insert(
    row: Pick<
      typeof rxFormRequests.$inferInsert,
      | 'visitId'
      | 'organizationId'
      | 'accountId'
      | 'personId'
      | 'formId'
      | 'version'
      | 'designeeName'
      | 'requestedBy'
      | 'requestedAt'
    >,
  ): Promise<RxFormRequestRecord | undefined>;
  byId(id: string): Promise<RxFormRequestRecord | undefined>;
  /** The pharmacy's requests on a visit, newest first. */
  ofVisit(visitId: string, organizationId: string): Promise<RxFormRequestRecord[]>;
  /** The account's requests that are not withdrawn, newest first. */
  ofAccount(accountId: string): Promise<RxFormRequestRecord[]>;
  /** The forms the family signed in [from, to), for its documents (`PapersQuery`). */
  readonly papers: PapersQuery;
  /** requested -> signed, once; undefined when it was not waiting. */
  sign(
    id: string,
    accountId: string,
    signature: { signedBy: string; signedName: string; signedLang: string; signedAt: Date },
  ): Promise<RxFormRequestRecord | undefined>;
  /** requested -> withdrawn, once; undefined when it was not waiting. */
  withdraw(
    id: string,
    organizationId: string,
    by: string,
    at: Date,
  ): Promise<RxFormRequestRecord | undefined>;
}

export function createRxFormsRepo(db: Db): RxFormsRepo {
  // The forms an account signed in a month (its documents).
  const papers = db
    .select(
      paperColumns('signedForm', {
        id: rxFormRequests.id,
        personId: rxFormRequests.personId,
        at: rxFormRequests.signedAt,
        data: sql`jsonb_build_object('formId', ${rxFormRequests.formId}, 'version', ${rxFormRequests.version})`,
      }),
    )
    .from(rxFormRequests)
    .where(
      and(
        papersOfAccountIn(rxFormRequests.accountId, rxFormRequests.signedAt),
        eq(rxFormRequests.status, 'signed'),
      ),
    )
    .$dynamic();
  return {
    async insert(row) {
      const [inserted] = await db
        .insert(rxFormRequests)
        .values(row)
        .onConflictDoNothing()
        .returning();
      return inserted;
    },

    async byId(id) {
      const [row] = await db.select().from(rxFormRequests).where(eq(rxFormRequests.id, id));
      return row;
    },

    ofVisit(visitId, organizationId) {
      return db
        .select()
        .from(rxFormRequests)
        .where(
          and(
            eq(rxFormRequests.visitId, visitId),
            eq(rxFormRequests.organizationId, organizationId),
          ),
        )
        .orderBy(desc(rxFormRequests.requestedAt), desc(rxFormRequests.id))
        .limit(rxFormsListLimit);
    },

    ofAccount(accountId) {
      return db
        .select()
        .from(rxFormRequests)
        .where(and(eq(rxFormRequests.accountId, accountId), ne(rxFormRequests.status, 'withdrawn')))
        .orderBy(desc(rxFormRequests.requestedAt), desc(rxFormRequests.id))
        .limit(rxFormsListLimit);
    },

    papers,

    async sign(id, accountId, signature) {
      const [row] = await db
        .update(rxFormRequests)
        .set({ status: 'signed', ...signature })
        .where(
          and(
            eq(rxFormRequests.id, id),
            eq(rxFormRequests.accountId, accountId),
            eq(rxFormRequests.status, 'requested'),
          ),
        )
        .returning();
      return row;
    },

    async withdraw(id, organizationId, by, at) {
      const [row] = await db
        .update(rxFormRequests)
        .set({ status: 'withdrawn', withdrawnAt: at, withdrawnBy: by })
        .where(
          and(
            eq(rxFormRequests.id, id),
            eq(rxFormRequests.organizationId, organizationId),
            eq(rxFormRequests.status, 'requested'),
          ),
        )
        .returning();
      return row;
    },
  };
}

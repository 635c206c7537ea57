import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PapersQuery, paperColumns, papersOfAccountIn } from '../../db/document-papers';
import { pharmacyAssessments } from '../../db/schema/assessments';

export type AssessmentRecord = typeof pharmacyAssessments.$inferSelect;
type NewAssessment = Omit<
  typeof pharmacyAssessments.$inferInsert,
  'id' | 'status' | 'continuedAt' | 'rxVisitId' | 'createdAt'
>;

/** At most this many assessments the pharmacy's list answers (the newest). */
export const assessmentListLimit = 50;

/**
 * The in-store assessments' table. Reads by a pharmacy name the organisation in the SQL, so
 * another pharmacy's row is never found; the link's moves (sent -> continued) are one
 * conditional UPDATE each, so a link continues exactly one visit.
 */
export interface AssessmentsRepo {
  insert(row: NewAssessment): Promise<AssessmentRecord>;
  byCodeHash(codeHash: string): Promise<AssessmentRecord | undefined>;
  /**
   * The organisation's assessment, or undefined (another pharmacy's is never found); with
   * `states` (a pharmacist's grant), only one of those states.
   */
  ofOrganization(
    organizationId: string,
    id: string,
    states: readonly string[] | null,
  ): Promise<AssessmentRecord | undefined>;
  /** The organisation's newest assessments; with `states`, only those states' newest. */
  listOfOrganization(
    organizationId: string,
    states: readonly string[] | null,
  ): Promise<AssessmentRecord[]>;
  /** The family's assessments of [from, to), for its documents (`PapersQuery`). */
  readonly papers: PapersQuery;
  byId(id: string): Promise<AssessmentRecord | undefined>;
  byIds(ids: readonly string[]): Promise<AssessmentRecord[]>;
  /** sent -> continued, only the account's link and only before it expires; false otherwise. */
  continueOne(id: string, accountId: string, at: Date): Promise<boolean>;
  /** The visit a continued assessment became. */
  attachVisit(id: string, visitId: string): Promise<void>;
  /** continued -> sent again, when the visit could not be made (no visit attached). */
  release(id: string): Promise<void>;
}

export function createAssessmentsRepo(db: Db): AssessmentsRepo {
  const t = pharmacyAssessments;
  // An account's in-store assessments of a month (its documents).
  const papers = db
    .select(
      paperColumns('assessment', {
        id: t.id,
        personId: null,
        at: t.createdAt,
        data: sql`jsonb_build_object('organizationId', ${t.organizationId})`,
      }),
    )
    .from(t)
    .where(papersOfAccountIn(t.accountId, t.createdAt))
    .$dynamic();
  return {
    async insert(row) {
      const [inserted] = await db.insert(t).values(row).returning();
      if (!inserted) throw new Error('assessment insert returned nothing');
      return inserted;
    },
    async byCodeHash(codeHash) {
      const [row] = await db.select().from(t).where(eq(t.codeHash, codeHash)).limit(1);
      return row;
    },
    async ofOrganization(organizationId, id, states) {
      if (states?.length === 0) return undefined;
      const [row] = await db
        .select()
        .from(t)
        .where(
          and(
            eq(t.organizationId, organizationId),
            eq(t.id, id),
            states ? inArray(t.state, [...states]) : undefined,
          ),
        )
        .limit(1);
      return row;
    },
    async listOfOrganization(organizationId, states) {
      if (states?.length === 0) return [];
      return db
        .select()
        .from(t)
        .where(
          and(
            eq(t.organizationId, organizationId),
            states ? inArray(t.state, [...states]) : undefined,
          ),
        )
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(assessmentListLimit);
    },
    papers,
    async byId(id) {
      const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
      return row;
    },
    async byIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(t)
        .where(inArray(t.id, [...ids]));
    },
    async continueOne(id, accountId, at) {
      const moved = await db
        .update(t)
        .set({ status: 'continued', continuedAt: at })
        .where(
          and(eq(t.id, id), eq(t.accountId, accountId), eq(t.status, 'sent'), gt(t.expiresAt, at)),
        )
        .returning({ id: t.id });
      return moved.length === 1;
    },
    async attachVisit(id, visitId) {
      await db.update(t).set({ rxVisitId: visitId }).where(eq(t.id, id));
    },
    async release(id) {
      await db
        .update(t)
        .set({ status: 'sent', continuedAt: null })
        .where(and(eq(t.id, id), eq(t.status, 'continued'), isNull(t.rxVisitId)));
    },
  };
}

import { and, desc, eq, gt, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcementDismissals, announcements } from '../../db/schema/announcements';

export type AnnouncementRecord = typeof announcements.$inferSelect;
export type ManagedAnnouncementRecord = AnnouncementRecord & { dismissals: number };

/** At most this many announcements a writer's list answers (newest first). */
export const announcementsListLimit = 200;

/** The announcements' tables: writes, the writers' lists, and a pharmacy login's current ones. */
export interface AnnouncementsRepo {
  insert(
    row: Pick<
      typeof announcements.$inferInsert,
      | 'companyId'
      | 'states'
      | 'title'
      | 'body'
      | 'language'
      | 'translationTitle'
      | 'translationBody'
      | 'createdBy'
      | 'createdAt'
      | 'expiresAt'
    >,
  ): Promise<AnnouncementRecord>;
  byId(id: string): Promise<AnnouncementRecord | undefined>;
  /** A company's announcements (or, with `all`, everyone's), newest first, with dismissals. */
  managed(scope: { companyId: string } | 'all'): Promise<ManagedAnnouncementRecord[]>;
  dismissalsOf(id: string): Promise<number>;
  /** Marks it withdrawn once; undefined when it already was. */
  withdraw(id: string, by: string, at: Date): Promise<AnnouncementRecord | undefined>;
  /**
   * Not withdrawn, not expired at `now`, for every company or this one, and (given an account)
   * not dismissed by it: newest first (the states are the service's to check).
   */
  currentFor(companyId: string, accountId: string | null, now: Date): Promise<AnnouncementRecord[]>;
  /** Once per account; a second dismissal changes nothing. */
  dismiss(id: string, accountId: string, at: Date): Promise<void>;
}

export function createAnnouncementsRepo(db: Db): AnnouncementsRepo {
  const dismissals = sql<number>`(select count(*)::int from ${announcementDismissals} where ${announcementDismissals.announcementId} = ${announcements.id})`;
  return {
    async insert(row) {
      const [inserted] = await db.insert(announcements).values(row).returning();
      if (!inserted) throw new Error('announcement not inserted');
      return inserted;
    },

    async byId(id) {
      const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
      return row;
    },

    managed(scope) {
      return db
        .select({ announcement: announcements, dismissals })
        .from(announcements)
        .where(scope === 'all' ? undefined : eq(announcements.companyId, scope.companyId))
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .limit(announcementsListLimit)
        .then((rows) => rows.map((r) => ({ ...r.announcement, dismissals: r.dismissals })));
    },

    async dismissalsOf(id) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(announcementDismissals)
        .where(eq(announcementDismissals.announcementId, id));
      return row?.n ?? 0;
    },

    async withdraw(id, by, at) {
      const [row] = await db
        .update(announcements)
        .set({ withdrawnAt: at, withdrawnBy: by })
        .where(and(eq(announcements.id, id), isNull(announcements.withdrawnAt)))
        .returning();
      return row;
    },

    currentFor(companyId, accountId, now) {
      return db
        .select()
        .from(announcements)
        .where(
          and(
            isNull(announcements.withdrawnAt),
            or(isNull(announcements.expiresAt), gt(announcements.expiresAt, now)),
            or(isNull(announcements.companyId), eq(announcements.companyId, companyId)),
            accountId === null
              ? undefined
              : notExists(
                  db
                    .select({ one: sql`1` })
                    .from(announcementDismissals)
                    .where(
                      and(
                        eq(announcementDismissals.announcementId, announcements.id),
                        eq(announcementDismissals.accountId, accountId),
                      ),
                    ),
                ),
          ),
        )
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .limit(announcementsListLimit);
    },

    async dismiss(id, accountId, at) {
      await db
        .insert(announcementDismissals)
        .values({ announcementId: id, accountId, dismissedAt: at })
        .onConflictDoNothing();
    },
  };
}

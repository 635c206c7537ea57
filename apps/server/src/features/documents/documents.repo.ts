import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema/documents';

export type DocumentRecord = typeof documents.$inferSelect;
export type NewDocument = Omit<typeof documents.$inferInsert, 'createdAt' | 'deletedAt'>;

export interface DocumentsRepo {
  insert(row: NewDocument): Promise<DocumentRecord>;
  /** An account's documents of these sources whose fdate is in [firstDay, lastDay], newest first. */
  listForAccount(
    accountId: string,
    sources: readonly string[],
    days: { firstDay: string; lastDay: string },
  ): Promise<DocumentRecord[]>;
  /** Every document of the account filed as a file (its uploads and pharmacies'), oldest first. */
  allForAccount(accountId: string): Promise<DocumentRecord[]>;
  /** One document, if not removed. */
  byId(id: string): Promise<DocumentRecord | undefined>;
  markRemoved(id: string, at: Date): Promise<boolean>;
}

export function createDocumentsRepo(db: Db): DocumentsRepo {
  // A month of the account's files (the documents list reads its two sources on every open, in
  // one statement): prepared once (named); the sources go as one array parameter.
  const ofAccountInDays = db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.accountId, sql.placeholder('accountId')),
        sql`${documents.source} = any(${sql.placeholder('sources')})`,
        gte(documents.fdate, sql.placeholder('firstDay')),
        lte(documents.fdate, sql.placeholder('lastDay')),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(desc(documents.fdate), desc(documents.createdAt))
    .prepare('documents_of_account_in_days');
  return {
    async insert(row) {
      const [inserted] = await db.insert(documents).values(row).returning();
      if (!inserted) throw new Error('document not stored');
      return inserted;
    },
    async listForAccount(accountId, sources, days) {
      return ofAccountInDays.execute({
        accountId,
        sources: [...sources],
        firstDay: days.firstDay,
        lastDay: days.lastDay,
      });
    },
    async allForAccount(accountId) {
      return db
        .select()
        .from(documents)
        .where(and(eq(documents.accountId, accountId), isNull(documents.deletedAt)))
        .orderBy(asc(documents.fdate), asc(documents.createdAt));
    },
    async byId(id) {
      const [row] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.id, id), isNull(documents.deletedAt)))
        .limit(1);
      return row;
    },
    async markRemoved(id, at) {
      const moved = await db
        .update(documents)
        .set({ deletedAt: at })
        .where(and(eq(documents.id, id), isNull(documents.deletedAt)))
        .returning({ id: documents.id });
      return moved.length === 1;
    },
  };
}

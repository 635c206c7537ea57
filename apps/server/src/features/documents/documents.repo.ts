import type { DocumentSource as DocumentSourceKind } from '@apothecall/domain/documents/documents.schemas';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { paperColumns } from '../../db/document-papers';
import { documents } from '../../db/schema/documents';
import type { DocumentSource, PaperRow } from '../../platform/document-sources';

export type DocumentRecord = typeof documents.$inferSelect;
export type NewDocument = Omit<typeof documents.$inferInsert, 'createdAt' | 'deletedAt'>;

export interface DocumentsRepo {
  insert(row: NewDocument): Promise<DocumentRecord>;
  /**
   * The account's papers of the given sources, in ONE statement: its files (`upload`,
   * `pharmacyUpload`) dated within `days`, and the other areas' papers written in [from, to)
   * (each source's `papers` select), in no order.
   */
  papers(
    accountId: string,
    sources: readonly DocumentSourceKind[],
    range: { from: Date; to: Date; firstDay: string; lastDay: string },
  ): Promise<PaperRow[]>;
  /** Every document of the account filed as a file (its uploads and pharmacies'), oldest first. */
  allForAccount(accountId: string): Promise<DocumentRecord[]>;
  /** One document, if not removed. */
  byId(id: string): Promise<DocumentRecord | undefined>;
  markRemoved(id: string, at: Date): Promise<boolean>;
}

export function createDocumentsRepo(
  db: Db,
  /** The other areas' papers (their `papers` selects), read with the files. */
  sources: readonly DocumentSource[] = [],
): DocumentsRepo {
  // The account's files as papers: the same columns as the sources' selects.
  const files = db
    .select(
      paperColumns(documents.source, {
        id: documents.id,
        personId: documents.personId,
        at: documents.createdAt,
        data: sql`jsonb_build_object('fdate', ${documents.fdate}::text, 'ftype', ${documents.ftype}, 'fdesc', ${documents.fdesc}, 'author', ${documents.author}, 'filer', ${documents.filer})`,
      }),
    )
    .from(documents)
    .where(
      and(
        // A constant for the statement: the branch is skipped when no file is wanted.
        sql`${sql.placeholder('sources')}::text[] && array['upload', 'pharmacyUpload']::text[]`,
        inArray(documents.source, ['upload', 'pharmacyUpload']),
        eq(documents.accountId, sql.placeholder('accountId')),
        gte(documents.fdate, sql.placeholder('firstDay')),
        lte(documents.fdate, sql.placeholder('lastDay')),
        isNull(documents.deletedAt),
      ),
    )
    .$dynamic();
  // Every paper of the account, one statement prepared once (named). The wanted sources are one
  // array parameter: a branch whose source is not wanted is skipped by its constant filter, so a
  // pharmacy's list or the archive run only their own branches.
  const [second, ...rest] = sources.map((s) => s.papers);
  const union = (
    second ? unionAll(files as never, second as never, ...(rest as never[])) : files
  ).as('papers');
  const papersOf = db
    .select()
    .from(union)
    .where(sql`${union.source} = any(${sql.placeholder('sources')})`)
    .prepare('documents_papers');
  return {
    async insert(row) {
      const [inserted] = await db.insert(documents).values(row).returning();
      if (!inserted) throw new Error('document not stored');
      return inserted;
    },
    async papers(accountId, wanted, range) {
      return (await papersOf.execute({
        accountId,
        sources: [...wanted],
        from: range.from,
        to: range.to,
        firstDay: range.firstDay,
        lastDay: range.lastDay,
      })) as PaperRow[];
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

import type { DocumentSource as DocumentSourceKind } from '@apothecall/domain/documents/documents.schemas';
import { type AnyColumn, and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgSelect } from 'drizzle-orm/pg-core';

// The SQL side of the documents seam (platform/document-sources.ts): the columns every source's
// select of its papers has, written by the areas' repos and read by the documents area's.

/**
 * The columns of a source's `papers` select: the same names and types in every source, so the
 * selects can be read together (`union all`). `data` is a `jsonb_build_object` of whatever the
 * source's `describe` needs; `at` must be a `timestamptz` column (of a table or a subquery).
 */
export function paperColumns(
  /** The source's name, or (the documents area's own files) the column that holds it. */
  source: DocumentSourceKind | AnyColumn,
  columns: { id: AnyColumn; personId: AnyColumn | null; at: AnyColumn; data: SQL },
) {
  if (typeof source === 'string' && !/^[a-zA-Z]+$/.test(source)) {
    throw new Error(`not a document source: ${source}`);
  }
  return {
    source: (typeof source === 'string'
      ? sql<DocumentSourceKind>`${sql.raw(`'${source}'`)}::text`
      : sql<DocumentSourceKind>`${source}`
    ).as('source'),
    id: sql<string>`${columns.id}::text`.as('id'),
    personId: (columns.personId === null
      ? sql<string | null>`null::text`
      : sql<string | null>`${columns.personId}::text`
    ).as('person_id'),
    // As drizzle reads a timestamptz column (a Date from one driver, text from the other).
    at: sql<Date>`${columns.at}`
      .mapWith((value: unknown) => (value instanceof Date ? value : new Date(String(value))))
      .as('at'),
    // Parsed by both drivers; text only where a driver leaves it so.
    data: sql<Record<string, unknown>>`${columns.data}`
      .mapWith((value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value))
      .as('data'),
  };
}

/**
 * The condition of every source's papers: the account's (`accountId`), written in [from, to)
 * (`at`), with the placeholders the documents area fills.
 */
export function papersOfAccountIn(accountId: AnyColumn, at: AnyColumn): SQL {
  return and(
    eq(accountId, sql.placeholder('accountId')),
    gte(at, sql.placeholder('from')),
    lt(at, sql.placeholder('to')),
  ) as SQL;
}

/**
 * A source's papers: a select in `paperColumns` of the papers of the account written in
 * [from, to), with the placeholders `accountId`, `from` and `to` (`sql.placeholder`). Never run
 * alone: the documents area runs it within its one statement.
 */
export type PapersQuery = AnyPgSelect;

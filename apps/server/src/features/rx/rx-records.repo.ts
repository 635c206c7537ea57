import { type AnyColumn, and, asc, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type PapersQuery, paperColumns, papersOfAccountIn } from '../../db/document-papers';
import {
  rxFormLog,
  rxIdDocuments,
  rxMessages,
  rxPrescriptions,
  rxVisitFiles,
  rxVisits,
} from '../../db/schema/rx';

export interface RxFileLink {
  fileId: string;
  docType: string;
  name: string;
  contentType: string;
  createdAt: Date;
}

export interface RxPrescriptionRecord {
  id: string;
  visitId: string;
  prescriberId: string;
  medication: string;
  strength: string;
  quantity: number;
  refills: number;
  directions: string;
  pharmacy: Record<string, unknown> | null;
  supersededAt: Date | null;
  createdAt: Date;
}

export interface RxIdDocumentRecord {
  id: string;
  accountId: string;
  personId: string;
  fileId: string;
  hidden: boolean;
  createdAt: Date;
}

export interface RxMessageRecord {
  id: string;
  visitId: string;
  owner: string;
  fromRole: string;
  text: string;
  attachments: { fileId: string; name: string; type: string }[];
  sent: Date;
}

/** The papers of Rx visits: linked files, ID photos, prescriptions, messages, the form log. */
export interface RxRecordsRepo {
  linkFile(visitId: string, file: Omit<RxFileLink, 'createdAt'>): Promise<void>;
  filesOf(visitIds: readonly string[]): Promise<(RxFileLink & { visitId: string })[]>;

  insertIdDocument(input: {
    accountId: string;
    personId: string;
    fileId: string;
  }): Promise<RxIdDocumentRecord>;
  /** The person's newest ID photo. */
  idDocumentOf(personId: string): Promise<RxIdDocumentRecord | undefined>;
  idDocument(id: string): Promise<RxIdDocumentRecord | undefined>;
  setIdDocumentHidden(id: string, hidden: boolean): Promise<RxIdDocumentRecord | undefined>;

  insertPrescriptions(
    rows: Omit<RxPrescriptionRecord, 'id' | 'createdAt'>[],
  ): Promise<RxPrescriptionRecord[]>;
  prescriptionsOf(visitIds: readonly string[]): Promise<RxPrescriptionRecord[]>;
  /**
   * `filesOf` and `prescriptionsOf` of the same visits in ONE statement (the visits' views read
   * both on every list).
   */
  recordsOf(visitIds: readonly string[]): Promise<{
    files: (RxFileLink & { visitId: string })[];
    prescriptions: RxPrescriptionRecord[];
  }>;

  insertMessage(input: {
    visitId: string;
    owner: string;
    fromRole: string;
    text: string;
    attachments?: RxMessageRecord['attachments'];
  }): Promise<RxMessageRecord>;
  messagesOf(visitId: string): Promise<RxMessageRecord[]>;
  message(id: string): Promise<RxMessageRecord | undefined>;

  /** Marks the visit's current prescriptions replaced (a new one was written). */
  supersedePrescriptions(visitId: string, at: Date): Promise<void>;

  logForm(accountId: string, productId: string, step: string): Promise<void>;
}

const idDocumentColumns = {
  id: rxIdDocuments.id,
  accountId: rxIdDocuments.accountId,
  personId: rxIdDocuments.personId,
  fileId: rxIdDocuments.fileId,
  hidden: rxIdDocuments.hidden,
  createdAt: rxIdDocuments.createdAt,
};

/** `jsonb_build_object` of the columns, under their keys. */
const jsonOf = (columns: Record<string, AnyColumn>) =>
  sql<Record<string, unknown>>`jsonb_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;
// Every field of the records but their instants (read as the row's own column): a field added
// to a record without its column here does not compile.
const fileColumns = {
  visitId: rxVisitFiles.visitId,
  fileId: rxVisitFiles.fileId,
  docType: rxVisitFiles.docType,
  name: rxVisitFiles.name,
  contentType: rxVisitFiles.contentType,
} satisfies Record<keyof Omit<RxFileLink, 'createdAt'> | 'visitId', AnyColumn>;
const prescriptionColumns = {
  id: rxPrescriptions.id,
  visitId: rxPrescriptions.visitId,
  prescriberId: rxPrescriptions.prescriberId,
  medication: rxPrescriptions.medication,
  strength: rxPrescriptions.strength,
  quantity: rxPrescriptions.quantity,
  refills: rxPrescriptions.refills,
  directions: rxPrescriptions.directions,
  pharmacy: rxPrescriptions.pharmacy,
} satisfies Record<keyof Omit<RxPrescriptionRecord, 'createdAt' | 'supersededAt'>, AnyColumn>;

/**
 * The files and prescriptions in force of some visits in one statement (prepared once, named):
 * one row per file or prescription, its own columns as JSON beside its kind.
 */
function recordsOfVisitsReader(db: Db) {
  const statement = unionAll(
    db
      .select({
        kind: sql<'file' | 'prescription'>`'file'::text`.as('kind'),
        at: rxVisitFiles.createdAt,
        data: jsonOf(fileColumns).as('data'),
      })
      .from(rxVisitFiles)
      .where(sql`${rxVisitFiles.visitId} = any(${sql.placeholder('visitIds')})`),
    db
      .select({
        kind: sql<'file' | 'prescription'>`'prescription'::text`.as('kind'),
        at: rxPrescriptions.createdAt,
        data: jsonOf(prescriptionColumns).as('data'),
      })
      .from(rxPrescriptions)
      .where(
        and(
          sql`${rxPrescriptions.visitId} = any(${sql.placeholder('visitIds')})`,
          isNull(rxPrescriptions.supersededAt),
        ),
      ),
  )
    // Both selects name the instant after their tables' column.
    .orderBy(sql`created_at`)
    .prepare('rx_records_of_visits');
  return async (visitIds: readonly string[]) => {
    const rows = await statement.execute({ visitIds: [...visitIds] });
    const json = (row: (typeof rows)[number]) =>
      typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
    return {
      files: rows.flatMap((row) =>
        row.kind === 'file'
          ? [
              {
                ...(json(row) as Omit<RxFileLink, 'createdAt'> & { visitId: string }),
                createdAt: row.at,
              },
            ]
          : [],
      ),
      prescriptions: rows.flatMap((row) =>
        row.kind === 'prescription'
          ? [
              {
                ...(json(row) as Omit<RxPrescriptionRecord, 'createdAt' | 'supersededAt'>),
                supersededAt: null,
                createdAt: row.at,
              },
            ]
          : [],
      ),
    };
  };
}

export function createRxRecordsRepo(db: Db): RxRecordsRepo {
  // The files and prescriptions of a list of visits (the patient's visits, their documents):
  // prepared once (named), the visit ids as one array parameter.
  const filesOfVisits = db
    .select({
      visitId: rxVisitFiles.visitId,
      fileId: rxVisitFiles.fileId,
      docType: rxVisitFiles.docType,
      name: rxVisitFiles.name,
      contentType: rxVisitFiles.contentType,
      createdAt: rxVisitFiles.createdAt,
    })
    .from(rxVisitFiles)
    .where(sql`${rxVisitFiles.visitId} = any(${sql.placeholder('visitIds')})`)
    .orderBy(asc(rxVisitFiles.createdAt))
    .prepare('rx_files_of_visits');
  const prescriptionsOfVisits = db
    .select()
    .from(rxPrescriptions)
    .where(
      and(
        sql`${rxPrescriptions.visitId} = any(${sql.placeholder('visitIds')})`,
        isNull(rxPrescriptions.supersededAt),
      ),
    )
    .orderBy(asc(rxPrescriptions.createdAt))
    .prepare('rx_prescriptions_of_visits');
  const recordsOfVisits = recordsOfVisitsReader(db);
  return {
    async linkFile(visitId, file) {
      await db
        .insert(rxVisitFiles)
        .values({ visitId, ...file })
        .onConflictDoNothing();
    },
    async filesOf(visitIds) {
      if (visitIds.length === 0) return [];
      return filesOfVisits.execute({ visitIds: [...visitIds] });
    },

    async insertIdDocument(input) {
      const [row] = await db.insert(rxIdDocuments).values(input).returning(idDocumentColumns);
      if (!row) throw new Error('rx_id_documents insert returned no row');
      return row;
    },
    async idDocumentOf(personId) {
      const [row] = await db
        .select(idDocumentColumns)
        .from(rxIdDocuments)
        .where(eq(rxIdDocuments.personId, personId))
        .orderBy(desc(rxIdDocuments.createdAt))
        .limit(1);
      return row;
    },
    async idDocument(id) {
      const [row] = await db
        .select(idDocumentColumns)
        .from(rxIdDocuments)
        .where(eq(rxIdDocuments.id, id));
      return row;
    },
    async setIdDocumentHidden(id, hidden) {
      const [row] = await db
        .update(rxIdDocuments)
        .set({ hidden })
        .where(eq(rxIdDocuments.id, id))
        .returning(idDocumentColumns);
      return row;
    },

    async insertPrescriptions(rows) {
      if (rows.length === 0) return [];
      return db.insert(rxPrescriptions).values(rows).returning();
    },
    async prescriptionsOf(visitIds) {
      if (visitIds.length === 0) return [];
      return prescriptionsOfVisits.execute({ visitIds: [...visitIds] });
    },
    async recordsOf(visitIds) {
      if (visitIds.length === 0) return { files: [], prescriptions: [] };
      return recordsOfVisits(visitIds);
    },

    async insertMessage(input) {
      const [row] = await db.insert(rxMessages).values(input).returning();
      if (!row) throw new Error('rx_messages insert returned no row');
      return row;
    },
    async message(id) {
      const [row] = await db.select().from(rxMessages).where(eq(rxMessages.id, id));
      return row;
    },
    async messagesOf(visitId) {
      return db
        .select()
        .from(rxMessages)
        .where(eq(rxMessages.visitId, visitId))
        .orderBy(asc(rxMessages.sent));
    },

    async supersedePrescriptions(visitId, at) {
      await db
        .update(rxPrescriptions)
        .set({ supersededAt: at })
        .where(and(eq(rxPrescriptions.visitId, visitId), isNull(rxPrescriptions.supersededAt)));
    },

    async logForm(accountId, productId, step) {
      await db.insert(rxFormLog).values({ accountId, productId, step });
    },
  };
}

/**
 * The family's prescriptions for its documents (`PapersQuery`): a prescribed visit's first
 * prescription still in force, listed on the day it was written when that is in [from, to).
 */
export function prescriptionPapers(db: Db): PapersQuery {
  const first = db
    .select({ at: rxPrescriptions.createdAt })
    .from(rxPrescriptions)
    .where(and(eq(rxPrescriptions.visitId, rxVisits.id), isNull(rxPrescriptions.supersededAt)))
    .orderBy(asc(rxPrescriptions.createdAt))
    .limit(1)
    .as('first_live');
  return db
    .select(
      paperColumns('prescription', {
        id: rxVisits.id,
        personId: rxVisits.personId,
        at: first.at,
        data: sql`jsonb_build_object('productId', ${rxVisits.productId})`,
      }),
    )
    .from(rxVisits)
    .innerJoinLateral(first, sql`true`)
    .where(
      and(
        papersOfAccountIn(rxVisits.accountId, first.at),
        eq(rxVisits.status, 'rxed'),
        lt(rxVisits.createdAt, sql.placeholder('to')),
      ),
    )
    .$dynamic();
}

/** The consents the family's visits of [from, to) recorded, for its documents (`PapersQuery`). */
export function consentPapers(db: Db): PapersQuery {
  return db
    .select(
      paperColumns('consent', {
        id: rxVisits.id,
        personId: rxVisits.personId,
        at: rxVisits.createdAt,
        data: sql`jsonb_build_object('productId', ${rxVisits.productId}, 'consents', ${rxVisits.consents})`,
      }),
    )
    .from(rxVisits)
    .where(
      and(
        papersOfAccountIn(rxVisits.accountId, rxVisits.createdAt),
        ne(rxVisits.status, 'cancel'),
        sql`case when jsonb_typeof(${rxVisits.consents}) = 'array' then jsonb_array_length(${rxVisits.consents}) > 0 else false end`,
      ),
    )
    .$dynamic();
}

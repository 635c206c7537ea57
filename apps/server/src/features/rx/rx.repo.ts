import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  rxFormLog,
  rxIdDocuments,
  rxMessages,
  rxPrescriptions,
  rxStatusNotes,
  rxVisitFiles,
  rxVisits,
} from '../../db/schema/rx';

export interface RxVisitRecord {
  id: string;
  accountId: string;
  personId: string;
  idempotencyKey: string;
  productId: string;
  status: string;
  version: number;
  location: string;
  evaluation: Record<string, unknown>;
  consents: unknown[];
  alarms: string[];
  idPending: boolean;
  attachmentsPending: boolean;
  statusComment: string;
  costCents: number;
  ledgerId: string | null;
  paidAt: Date | null;
  prescriberId: string | null;
  claimedAt: Date | null;
  completed: boolean;
  refillOf: string | null;
  pharmacySeenAt: Date | null;
  prescriptionChangedAt: Date | null;
  pharmacyId: string | null;
  linkId: string | null;
  /** Paid from a prepay program: the prepay area's redemption (issue 16). */
  prepayRedemptionId: string | null;
  pharmacyStatus: string | null;
  pharmacyNote: string;
  prescribedAt: Date | null;
  claimFeeEntryId: string | null;
  claimFeeCents: number | null;
  erxStatus: string | null;
  /** The pharmacy's in-store assessment the visit continues (issue 20; attribution). */
  assessmentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A visit as the pharmacy dashboard lists it before paging (no PHI but the person's id). */
export interface RxPharmacyListItem {
  id: string;
  personId: string;
  pharmacyStatus: string;
  location: string;
  linkId: string | null;
  prescribedAt: Date | null;
  /** When someone at the pharmacy first opened it (null: new). */
  seenAt: Date | null;
}

export interface RxStatusNoteRecord {
  id: string;
  visitId: string;
  status: string;
  note: string;
  byRole: string;
  accountId: string;
  at: Date;
}

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

/** What a status change writes besides the status (only the fields given change). */
export interface RxVisitChanges {
  idPending?: boolean;
  attachmentsPending?: boolean;
  statusComment?: string;
  ledgerId?: string;
  prepayRedemptionId?: string;
  paidAt?: Date;
  prescriberId?: string;
  claimedAt?: Date;
  completed?: boolean;
  prescriptionChangedAt?: Date;
  pharmacyStatus?: string;
  pharmacyNote?: string;
  prescribedAt?: Date;
  pharmacySeenAt?: Date;
  claimFeeEntryId?: string;
  claimFeeCents?: number;
  erxStatus?: string | null;
  /** The pharmacy's claim (issue 20: time to claim). */
  pharmacyClaimedAt?: Date;
}

export interface RxRepo {
  insertVisit(input: {
    accountId: string;
    personId: string;
    idempotencyKey: string;
    productId: string;
    location: string;
    evaluation: Record<string, unknown>;
    consents: unknown[];
    alarms: string[];
    idPending: boolean;
    attachmentsPending: boolean;
    costCents: number;
    refillOf: string | null;
    pharmacyId: string | null;
    linkId: string | null;
    /** The white-label the visit is started under (issue 20: attribution). */
    brandId?: string | null;
    /** The pharmacy's in-store assessment the visit continues (issue 20). */
    assessmentId?: string | null;
  }): Promise<RxVisitRecord | undefined>;
  visit(id: string): Promise<RxVisitRecord | undefined>;
  visitByKey(accountId: string, idempotencyKey: string): Promise<RxVisitRecord | undefined>;
  /** The account's visits, newest first (cancelled ones left out). */
  visitsOf(accountId: string): Promise<RxVisitRecord[]>;
  /** A person's earlier visits, newest first. */
  visitsOfPerson(personId: string): Promise<RxVisitRecord[]>;
  /**
   * Moves a visit from `from` at `version` to `to`, in ONE conditional statement: false when the
   * visit was no longer there (another change won). Bumps the version.
   */
  move(
    id: string,
    from: { status: string; version: number },
    to: string,
    changes?: RxVisitChanges,
  ): Promise<RxVisitRecord | undefined>;
  /**
   * Moves the pharmacy-side status from `from` at `version` to `to` in ONE conditional
   * statement (the patient-side status stays): undefined when another change won.
   */
  /**
   * Moves the visit's pharmacy status (only from `from`, at its version) and writes the move's
   * history note in the same transaction: both or neither (issue 37, item 1).
   */
  movePharmacy(
    id: string,
    from: { pharmacyStatus: string; version: number },
    to: string,
    changes: RxVisitChanges,
    note: Omit<RxStatusNoteRecord, 'id' | 'at' | 'visitId' | 'status'>,
  ): Promise<RxVisitRecord | undefined>;
  /** A pharmacy's visits that reached it (prescribed), newest first: light rows to filter. */
  pharmacyVisits(
    pharmacyId: string,
    states: readonly string[] | null,
  ): Promise<RxPharmacyListItem[]>;
  visitsByIds(ids: readonly string[]): Promise<RxVisitRecord[]>;
  /** Records the pharmacy's first look (no version change: nothing the patient sees moved). */
  markPharmacySeen(id: string, at: Date): Promise<RxVisitRecord | undefined>;
  setErxStatus(id: string, erxStatus: string): Promise<RxVisitRecord | undefined>;
  /** The prescriber's prescriptions a pharmacy asked to change (pharmacy status review). */
  changeRequestsOf(prescriberId: string): Promise<RxVisitRecord[]>;
  statusNotesOf(visitId: string): Promise<RxStatusNoteRecord[]>;
  /** Marks the visit's current prescriptions replaced (a new one was written). */
  supersedePrescriptions(visitId: string, at: Date): Promise<void>;
  /** Changes flags without a status change (same version check). */
  update(id: string, version: number, changes: RxVisitChanges): Promise<RxVisitRecord | undefined>;
  /** Paid visits waiting for review in these states (any order; the queue rule orders them). */
  waitingIn(states: readonly string[]): Promise<RxVisitRecord[]>;
  /** Claims a waiting visit in one of the prescriber's states: true for exactly one claimant. */
  claim(id: string, prescriberId: string, states: readonly string[], at: Date): Promise<boolean>;
  /**
   * Puts a review the prescriber started back in the line (issue 35: the prescriber was
   * deactivated): only from started and only theirs. False when it was not.
   */
  release(id: string, prescriberId: string): Promise<boolean>;
  /** A prescriber's visits under review (started, ended, exit), oldest first. */
  reviewsOf(prescriberId: string): Promise<RxVisitRecord[]>;
  /** Visits of the person that still wait for an ID photo. */
  idPendingOfPerson(personId: string): Promise<RxVisitRecord[]>;

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

  insertMessage(input: {
    visitId: string;
    owner: string;
    fromRole: string;
    text: string;
    attachments?: RxMessageRecord['attachments'];
  }): Promise<RxMessageRecord>;
  messagesOf(visitId: string): Promise<RxMessageRecord[]>;
  message(id: string): Promise<RxMessageRecord | undefined>;

  logForm(accountId: string, productId: string, step: string): Promise<void>;
}

const visitColumns = {
  id: rxVisits.id,
  accountId: rxVisits.accountId,
  personId: rxVisits.personId,
  idempotencyKey: rxVisits.idempotencyKey,
  productId: rxVisits.productId,
  status: rxVisits.status,
  version: rxVisits.version,
  location: rxVisits.location,
  evaluation: rxVisits.evaluation,
  consents: rxVisits.consents,
  alarms: rxVisits.alarms,
  idPending: rxVisits.idPending,
  attachmentsPending: rxVisits.attachmentsPending,
  statusComment: rxVisits.statusComment,
  costCents: rxVisits.costCents,
  ledgerId: rxVisits.ledgerId,
  paidAt: rxVisits.paidAt,
  prescriberId: rxVisits.prescriberId,
  claimedAt: rxVisits.claimedAt,
  completed: rxVisits.completed,
  refillOf: rxVisits.refillOf,
  pharmacySeenAt: rxVisits.pharmacySeenAt,
  prescriptionChangedAt: rxVisits.prescriptionChangedAt,
  pharmacyId: rxVisits.pharmacyId,
  linkId: rxVisits.linkId,
  prepayRedemptionId: rxVisits.prepayRedemptionId,
  pharmacyStatus: rxVisits.pharmacyStatus,
  pharmacyNote: rxVisits.pharmacyNote,
  prescribedAt: rxVisits.prescribedAt,
  claimFeeEntryId: rxVisits.claimFeeEntryId,
  claimFeeCents: rxVisits.claimFeeCents,
  erxStatus: rxVisits.erxStatus,
  assessmentId: rxVisits.assessmentId,
  createdAt: rxVisits.createdAt,
  updatedAt: rxVisits.updatedAt,
};

const idDocumentColumns = {
  id: rxIdDocuments.id,
  accountId: rxIdDocuments.accountId,
  personId: rxIdDocuments.personId,
  fileId: rxIdDocuments.fileId,
  hidden: rxIdDocuments.hidden,
  createdAt: rxIdDocuments.createdAt,
};

export function createRxRepo(db: Db): RxRepo {
  return {
    async insertVisit(input) {
      const rows = await db
        .insert(rxVisits)
        .values({ ...input, status: 'pendingMedPayment' })
        .onConflictDoNothing({ target: [rxVisits.accountId, rxVisits.idempotencyKey] })
        .returning(visitColumns);
      return rows[0];
    },
    async visit(id) {
      const [row] = await db.select(visitColumns).from(rxVisits).where(eq(rxVisits.id, id));
      return row;
    },
    async visitByKey(accountId, idempotencyKey) {
      const [row] = await db
        .select(visitColumns)
        .from(rxVisits)
        .where(and(eq(rxVisits.accountId, accountId), eq(rxVisits.idempotencyKey, idempotencyKey)));
      return row;
    },
    async visitsOf(accountId) {
      return db
        .select(visitColumns)
        .from(rxVisits)
        .where(and(eq(rxVisits.accountId, accountId), sql`${rxVisits.status} <> 'cancel'`))
        .orderBy(desc(rxVisits.createdAt));
    },
    async visitsOfPerson(personId) {
      return db
        .select(visitColumns)
        .from(rxVisits)
        .where(eq(rxVisits.personId, personId))
        .orderBy(desc(rxVisits.createdAt));
    },
    async move(id, from, to, changes = {}) {
      const rows = await db
        .update(rxVisits)
        .set({
          ...changes,
          status: to,
          version: sql`${rxVisits.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(rxVisits.id, id),
            eq(rxVisits.status, from.status),
            eq(rxVisits.version, from.version),
          ),
        )
        .returning(visitColumns);
      return rows[0];
    },
    async movePharmacy(id, from, to, changes, note) {
      return db.transaction(async (tx) => {
        const [moved] = await tx
          .update(rxVisits)
          .set({
            ...changes,
            pharmacyStatus: to,
            version: sql`${rxVisits.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(rxVisits.id, id),
              eq(rxVisits.pharmacyStatus, from.pharmacyStatus),
              eq(rxVisits.version, from.version),
            ),
          )
          .returning(visitColumns);
        if (moved) await tx.insert(rxStatusNotes).values({ ...note, visitId: id, status: to });
        return moved;
      });
    },
    async pharmacyVisits(pharmacyId, states) {
      if (states && states.length === 0) return [];
      const rows = await db
        .select({
          id: rxVisits.id,
          personId: rxVisits.personId,
          pharmacyStatus: rxVisits.pharmacyStatus,
          location: rxVisits.location,
          linkId: rxVisits.linkId,
          prescribedAt: rxVisits.prescribedAt,
          seenAt: rxVisits.pharmacySeenAt,
        })
        .from(rxVisits)
        .where(
          and(
            eq(rxVisits.pharmacyId, pharmacyId),
            isNotNull(rxVisits.pharmacyStatus),
            ...(states ? [inArray(rxVisits.location, [...states])] : []),
          ),
        )
        .orderBy(desc(rxVisits.prescribedAt), desc(rxVisits.id));
      return rows.map((r) => ({ ...r, pharmacyStatus: r.pharmacyStatus ?? 'unclaimed' }));
    },
    async visitsByIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select(visitColumns)
        .from(rxVisits)
        .where(inArray(rxVisits.id, [...ids]));
    },
    async markPharmacySeen(id, at) {
      const rows = await db
        .update(rxVisits)
        .set({ pharmacySeenAt: at })
        .where(and(eq(rxVisits.id, id), isNull(rxVisits.pharmacySeenAt)))
        .returning(visitColumns);
      return rows[0];
    },
    async setErxStatus(id, erxStatus) {
      const rows = await db
        .update(rxVisits)
        .set({ erxStatus, version: sql`${rxVisits.version} + 1`, updatedAt: sql`now()` })
        .where(eq(rxVisits.id, id))
        .returning(visitColumns);
      return rows[0];
    },
    async changeRequestsOf(prescriberId) {
      return db
        .select(visitColumns)
        .from(rxVisits)
        .where(and(eq(rxVisits.prescriberId, prescriberId), eq(rxVisits.pharmacyStatus, 'review')))
        .orderBy(asc(rxVisits.updatedAt));
    },
    async statusNotesOf(visitId) {
      return db
        .select()
        .from(rxStatusNotes)
        .where(eq(rxStatusNotes.visitId, visitId))
        .orderBy(asc(rxStatusNotes.at), asc(rxStatusNotes.id));
    },
    async supersedePrescriptions(visitId, at) {
      await db
        .update(rxPrescriptions)
        .set({ supersededAt: at })
        .where(and(eq(rxPrescriptions.visitId, visitId), isNull(rxPrescriptions.supersededAt)));
    },
    async update(id, version, changes) {
      const rows = await db
        .update(rxVisits)
        .set({ ...changes, version: sql`${rxVisits.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(rxVisits.id, id), eq(rxVisits.version, version)))
        .returning(visitColumns);
      return rows[0];
    },
    async waitingIn(states) {
      if (states.length === 0) return [];
      return db
        .select(visitColumns)
        .from(rxVisits)
        .where(and(eq(rxVisits.status, 'waiting'), inArray(rxVisits.location, [...states])))
        .orderBy(asc(rxVisits.paidAt));
    },
    async claim(id, prescriberId, states, at) {
      if (states.length === 0) return false;
      const rows = await db
        .update(rxVisits)
        .set({
          status: 'started',
          prescriberId,
          claimedAt: at,
          version: sql`${rxVisits.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(rxVisits.id, id),
            eq(rxVisits.status, 'waiting'),
            isNull(rxVisits.prescriberId),
            inArray(rxVisits.location, [...states]),
          ),
        )
        .returning({ id: rxVisits.id });
      return rows.length === 1;
    },
    async release(id, prescriberId) {
      const rows = await db
        .update(rxVisits)
        .set({
          status: 'waiting',
          prescriberId: null,
          claimedAt: null,
          version: sql`${rxVisits.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(rxVisits.id, id),
            eq(rxVisits.status, 'started'),
            eq(rxVisits.prescriberId, prescriberId),
          ),
        )
        .returning({ id: rxVisits.id });
      return rows.length === 1;
    },
    async reviewsOf(prescriberId) {
      return db
        .select(visitColumns)
        .from(rxVisits)
        .where(
          and(
            eq(rxVisits.prescriberId, prescriberId),
            inArray(rxVisits.status, ['started', 'ended', 'exit']),
          ),
        )
        .orderBy(asc(rxVisits.claimedAt));
    },
    async idPendingOfPerson(personId) {
      return db
        .select(visitColumns)
        .from(rxVisits)
        .where(and(eq(rxVisits.personId, personId), eq(rxVisits.idPending, true)));
    },

    async linkFile(visitId, file) {
      await db
        .insert(rxVisitFiles)
        .values({ visitId, ...file })
        .onConflictDoNothing();
    },
    async filesOf(visitIds) {
      if (visitIds.length === 0) return [];
      return db
        .select({
          visitId: rxVisitFiles.visitId,
          fileId: rxVisitFiles.fileId,
          docType: rxVisitFiles.docType,
          name: rxVisitFiles.name,
          contentType: rxVisitFiles.contentType,
          createdAt: rxVisitFiles.createdAt,
        })
        .from(rxVisitFiles)
        .where(inArray(rxVisitFiles.visitId, [...visitIds]))
        .orderBy(asc(rxVisitFiles.createdAt));
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
      return db
        .select()
        .from(rxPrescriptions)
        .where(
          and(
            inArray(rxPrescriptions.visitId, [...visitIds]),
            isNull(rxPrescriptions.supersededAt),
          ),
        )
        .orderBy(asc(rxPrescriptions.createdAt));
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

    async logForm(accountId, productId, step) {
      await db.insert(rxFormLog).values({ accountId, productId, step });
    },
  };
}

import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rxVisits } from '../../db/schema/rx';
import { createRxPharmacyStatusRepo, type RxPharmacyStatusRepo } from './rx-pharmacy-status.repo';
import { createRxRecordsRepo, type RxRecordsRepo } from './rx-records.repo';
import { type RxVisitChanges, type RxVisitRecord, visitColumns } from './rx-visit-row.repo';

export type { RxPharmacyListItem, RxStatusNoteRecord } from './rx-pharmacy-status.repo';
export type {
  RxFileLink,
  RxIdDocumentRecord,
  RxMessageRecord,
  RxPrescriptionRecord,
} from './rx-records.repo';
export type { RxVisitChanges, RxVisitRecord } from './rx-visit-row.repo';

export interface RxRepo extends RxRecordsRepo, RxPharmacyStatusRepo {
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
    /** The white-label the visit is started under (attribution). */
    brandId?: string | null;
    /** The pharmacy's in-store assessment the visit continues. */
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
  visitsByIds(ids: readonly string[]): Promise<RxVisitRecord[]>;
  /** Changes flags without a status change (same version check). */
  update(id: string, version: number, changes: RxVisitChanges): Promise<RxVisitRecord | undefined>;
  /** Paid visits waiting for review in these states (any order; the queue rule orders them). */
  waitingIn(states: readonly string[]): Promise<RxVisitRecord[]>;
  /** Claims a waiting visit in one of the prescriber's states: true for exactly one claimant. */
  claim(id: string, prescriberId: string, states: readonly string[], at: Date): Promise<boolean>;
  /**
   * Puts a review the prescriber started back in the line (the prescriber was
   * deactivated): only from started and only theirs. False when it was not.
   */
  release(id: string, prescriberId: string): Promise<boolean>;
  /** A prescriber's visits under review (started, ended, exit), oldest first. */
  reviewsOf(prescriberId: string): Promise<RxVisitRecord[]>;
  /** Visits of the person that still wait for an ID photo. */
  idPendingOfPerson(personId: string): Promise<RxVisitRecord[]>;
}

export function createRxRepo(db: Db): RxRepo {
  // An account's visits: its Rx screen and its documents read them on every visit: prepared
  // once (named).
  const visitsOfAccount = db
    .select(visitColumns)
    .from(rxVisits)
    .where(
      and(
        eq(rxVisits.accountId, sql.placeholder('accountId')),
        sql`${rxVisits.status} <> 'cancel'`,
      ),
    )
    .orderBy(desc(rxVisits.createdAt))
    .prepare('rx_visits_of_account');
  return {
    ...createRxRecordsRepo(db),
    ...createRxPharmacyStatusRepo(db),
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
      return visitsOfAccount.execute({ accountId });
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
    async visitsByIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select(visitColumns)
        .from(rxVisits)
        .where(inArray(rxVisits.id, [...ids]));
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
  };
}

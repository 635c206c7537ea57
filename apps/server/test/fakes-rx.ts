import { randomUUID } from 'node:crypto';
import type { RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import type {
  RxFileLink,
  RxIdDocumentRecord,
  RxMessageRecord,
  RxPrescriptionRecord,
  RxRepo,
  RxStatusNoteRecord,
  RxVisitRecord,
} from '../src/features/rx/rx.repo';
import type { RxViewLoader } from '../src/features/rx/rx-visit-views';
import { only } from './fakes';

export { only };

/**
 * In-memory Rx records for the Rx services' unit tests: a visit builder, a repo over arrays
 * (the methods the services' tested paths call, each as the SQL behaves: a move only from the
 * status and version given) and a view loader that keeps the id and status.
 */

export const rxOwner = '6f1d2a40-0000-4000-8000-0000000000a1';

let counter = 0;
/** A fresh UUID-shaped id the services' checks accept. */
export const rxId = () => randomUUID();

export function rxVisit(overrides: Partial<RxVisitRecord> = {}): RxVisitRecord {
  counter += 1;
  const at = new Date('2026-03-01T15:00:00.000Z');
  return {
    id: rxId(),
    accountId: rxOwner,
    personId: rxOwner,
    idempotencyKey: `key-${counter}`,
    productId: 'acute',
    status: 'pendingMedPayment',
    version: 1,
    location: 'FL',
    evaluation: {},
    consents: [],
    alarms: [],
    idPending: false,
    attachmentsPending: false,
    statusComment: '',
    costCents: 4900,
    ledgerId: null,
    paidAt: null,
    prescriberId: null,
    claimedAt: null,
    completed: false,
    refillOf: null,
    pharmacySeenAt: null,
    prescriptionChangedAt: null,
    pharmacyId: null,
    linkId: null,
    prepayRedemptionId: null,
    pharmacyStatus: null,
    pharmacyNote: '',
    prescribedAt: null,
    claimFeeEntryId: null,
    claimFeeCents: null,
    erxStatus: null,
    assessmentId: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** Views that keep what a test checks: the id, the status and the version. */
export const rxViews: RxViewLoader = async (visits) =>
  visits.map((v) => ({ id: v.id, status: v.status, version: v.version }) as unknown as RxVisitView);

export interface MemoryRx {
  visits: RxVisitRecord[];
  files: (RxFileLink & { visitId: string })[];
  idDocuments: RxIdDocumentRecord[];
  messages: RxMessageRecord[];
  prescriptions: RxPrescriptionRecord[];
  notes: RxStatusNoteRecord[];
  formLog: { accountId: string; productId: string; step: string }[];
}

/** The Rx repo over arrays; any method a test's path was not expected to call throws. */
export function memoryRxRepo(seed: Partial<MemoryRx> = {}): RxRepo & { db: MemoryRx } {
  const db: MemoryRx = {
    files: [],
    idDocuments: [],
    messages: [],
    prescriptions: [],
    notes: [],
    formLog: [],
    ...seed,
    // Copies: a test's own records keep what it seeded, the repo's rows change.
    visits: (seed.visits ?? []).map((v) => ({ ...v })),
  };
  const bump = (v: RxVisitRecord, changes: object) => {
    Object.assign(v, changes, { version: v.version + 1, updatedAt: new Date() });
    return { ...v };
  };
  const byId = (id: string) => db.visits.find((v) => v.id === id);
  const repo: Partial<RxRepo> = {
    async insertVisit(input) {
      if (
        db.visits.some(
          (v) => v.accountId === input.accountId && v.idempotencyKey === input.idempotencyKey,
        )
      ) {
        return undefined;
      }
      const visit = rxVisit({ ...input, status: 'pendingMedPayment' });
      db.visits.push(visit);
      return { ...visit };
    },
    async visit(id) {
      const v = byId(id);
      return v ? { ...v } : undefined;
    },
    async visitByKey(accountId, key) {
      const v = db.visits.find((x) => x.accountId === accountId && x.idempotencyKey === key);
      return v ? { ...v } : undefined;
    },
    async visitsOf(accountId) {
      return db.visits.filter((v) => v.accountId === accountId && v.status !== 'cancel');
    },
    async visitsOfPerson(personId) {
      return db.visits.filter((v) => v.personId === personId);
    },
    async move(id, from, to, changes = {}) {
      const v = byId(id);
      if (!v || v.status !== from.status || v.version !== from.version) return undefined;
      return bump(v, { ...changes, status: to });
    },
    async update(id, version, changes) {
      const v = byId(id);
      if (!v || v.version !== version) return undefined;
      return bump(v, changes);
    },
    async movePharmacy(id, from, to, changes, note) {
      const v = byId(id);
      if (!v || v.pharmacyStatus !== from.pharmacyStatus || v.version !== from.version) {
        return undefined;
      }
      db.notes.push({ ...note, id: rxId(), visitId: id, status: to, at: new Date() });
      return bump(v, { ...changes, pharmacyStatus: to });
    },
    async setErxStatus(id, erxStatus) {
      const v = byId(id);
      return v ? bump(v, { erxStatus }) : undefined;
    },
    async waitingIn(states) {
      return db.visits.filter((v) => v.status === 'waiting' && states.includes(v.location));
    },
    async reviewsOf(prescriberId) {
      return db.visits.filter(
        (v) => v.prescriberId === prescriberId && ['started', 'ended', 'exit'].includes(v.status),
      );
    },
    async changeRequestsOf(prescriberId) {
      return db.visits.filter(
        (v) => v.prescriberId === prescriberId && v.pharmacyStatus === 'review',
      );
    },
    async release(id, prescriberId) {
      const v = byId(id);
      if (v?.status !== 'started' || v.prescriberId !== prescriberId) return false;
      bump(v, { status: 'waiting', prescriberId: null, claimedAt: null });
      return true;
    },
    async pharmacyVisits(pharmacyId, states) {
      return db.visits
        .filter((v) => v.pharmacyId === pharmacyId && v.pharmacyStatus !== null)
        .filter((v) => !states || states.includes(v.location))
        .map((v) => ({
          id: v.id,
          personId: v.personId,
          pharmacyStatus: v.pharmacyStatus ?? 'unclaimed',
          location: v.location,
          linkId: v.linkId,
          prescribedAt: v.prescribedAt,
          seenAt: v.pharmacySeenAt,
        }));
    },
    async visitsByIds(ids) {
      return db.visits.filter((v) => ids.includes(v.id));
    },
    async markPharmacySeen(id, at) {
      const v = byId(id);
      if (!v || v.pharmacySeenAt) return undefined;
      v.pharmacySeenAt = at;
      return { ...v };
    },
    async statusNotesOf(visitId) {
      return db.notes.filter((n) => n.visitId === visitId);
    },
    async idPendingOfPerson(personId) {
      return db.visits.filter((v) => v.personId === personId && v.idPending);
    },
    async linkFile(visitId, file) {
      db.files.push({ ...file, visitId, createdAt: new Date() });
    },
    async filesOf(visitIds) {
      return db.files.filter((f) => visitIds.includes(f.visitId));
    },
    async insertIdDocument(input) {
      const doc = { ...input, id: rxId(), hidden: false, createdAt: new Date() };
      db.idDocuments.push(doc);
      return doc;
    },
    async idDocumentOf(personId) {
      return db.idDocuments.filter((d) => d.personId === personId).at(-1);
    },
    async idDocument(id) {
      return db.idDocuments.find((d) => d.id === id);
    },
    async setIdDocumentHidden(id, hidden) {
      const doc = db.idDocuments.find((d) => d.id === id);
      if (doc) doc.hidden = hidden;
      return doc;
    },
    async supersedePrescriptions(visitId, at) {
      for (const p of db.prescriptions) {
        if (p.visitId === visitId && !p.supersededAt) p.supersededAt = at;
      }
    },
    async insertPrescriptions(rows) {
      const written = rows.map((r) => ({ ...r, id: rxId(), createdAt: new Date() }));
      db.prescriptions.push(...written);
      return written;
    },
    async prescriptionsOf(visitIds) {
      return db.prescriptions.filter((p) => visitIds.includes(p.visitId) && !p.supersededAt);
    },
    async recordsOf(this: RxRepo, visitIds) {
      // Through the two reads (a test may wrap either to see it called).
      return {
        files: await this.filesOf(visitIds),
        prescriptions: await this.prescriptionsOf(visitIds),
      };
    },
    async insertMessage(input) {
      const message = { attachments: [], ...input, id: rxId(), sent: new Date() };
      db.messages.push(message);
      return message;
    },
    async messagesOf(visitId) {
      return db.messages.filter((m) => m.visitId === visitId);
    },
    async message(id) {
      return db.messages.find((m) => m.id === id);
    },
    async logForm(accountId, productId, step) {
      db.formLog.push({ accountId, productId, step });
    },
  };
  return only<RxRepo & { db: MemoryRx }>({ ...repo, db }, 'memoryRxRepo');
}

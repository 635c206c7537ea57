import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PapersQuery, paperColumns, papersOfAccountIn } from '../../db/document-papers';
import {
  covidCertificates,
  meetLinks,
  pharmacies,
  prescriptions,
  visitMessages,
  visits,
} from '../../db/schema/care';
import type { NotesPort, VisitNoteDraft } from '../notes/notes.port';
import { type VisitRecord, visitColumns } from './care.repo';

/** A pharmacy as the directory lists it (what a prescription and its note keep). */
export interface DirectoryPharmacy {
  ncpdpId: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  fax: string;
  acceptsErx: boolean;
}

/** A Covid test certificate as stored. */
export type CovidCertificateRecord = typeof covidCertificates.$inferSelect;
export type NewCovidCertificate = Omit<
  typeof covidCertificates.$inferInsert,
  'id' | 'visitId' | 'issuedAt'
>;

export interface StoredMessage {
  id: string;
  visitId: string;
  owner: string;
  type: string;
  text: string;
  phone: string | null;
  attachments: unknown[];
  sent: Date;
  received: Date | null;
}

export interface VisitRecordsRepo {
  /** Stores a message once per (visit, owner, clientId); a resend returns the stored one. */
  insertMessage(input: {
    visitId: string;
    owner: string;
    clientId: string | null;
    type: string;
    text: string;
    phone: string | null;
    attachments: unknown[];
  }): Promise<StoredMessage>;
  /** Marks a message received by someone other than its owner; undefined when not found. */
  markReceived(
    visitId: string,
    msgId: string,
    by: string,
    at: Date,
  ): Promise<StoredMessage | undefined>;
  messages(visitId: string): Promise<StoredMessage[]>;
  pharmacy(ncpdpId: string): Promise<DirectoryPharmacy | undefined>;
  /**
   * Ends a visit in one transaction: the conditional state move (only from inProgress and only
   * by its provider), the note and the prescription. False when the visit was not in progress
   * for this provider (a second end, or another provider) — then nothing is written. The note
   * is the notes area's: its port writes it inside this transaction.
   */
  endVisit(
    writeNote: NotesPort['writeVisitNote'],
    input: {
      visitId: string;
      providerId: string;
      toState: string;
      outcome: string;
      at: Date;
      /** The note to write with the outcome; the visit, provider and time come from above. */
      note: Omit<VisitNoteDraft, 'visitId' | 'providerId' | 'at'> | null;
      prescription: {
        personId: string;
        medication: string;
        strength: string;
        quantity: number;
        refills: number;
        directions: string;
        pharmacy: Record<string, unknown> | null;
      } | null;
      /** A Covid certification visit's certificate, issued with the outcome. */
      certificate: NewCovidCertificate | null;
    },
  ): Promise<{ visit: VisitRecord | null; noteId: string | null }>;
  /** A certificate by its public verification id. */
  certificateByVerificationId(verificationId: string): Promise<CovidCertificateRecord | undefined>;
  certificate(id: string): Promise<CovidCertificateRecord | undefined>;
  insertMeetLink(input: { visitId: string; linkHash: string; expiresAt: Date }): Promise<void>;
  /** Uses a meet link once: sets the session hash; undefined when unknown, used or expired. */
  useMeetLink(
    linkHash: string,
    sessionHash: string,
    at: Date,
    sessionExpiresAt: Date,
  ): Promise<{ visitId: string } | undefined>;
  meetSession(sessionHash: string, at: Date): Promise<{ visitId: string } | undefined>;
  /** Ends every meet link and meet token of an account's visits (its sessions were revoked). */
  revokeMeetFor(accountId: string, at: Date): Promise<void>;
}

const messageColumns = {
  id: visitMessages.id,
  visitId: visitMessages.visitId,
  owner: visitMessages.owner,
  type: visitMessages.type,
  text: visitMessages.text,
  phone: visitMessages.phone,
  attachments: visitMessages.attachments,
  sent: visitMessages.sent,
  received: visitMessages.received,
};

export function createVisitRecordsRepo(db: Db): VisitRecordsRepo {
  return {
    async insertMessage(input) {
      const inserted = await db
        .insert(visitMessages)
        .values(input)
        .onConflictDoNothing({
          target: [visitMessages.visitId, visitMessages.owner, visitMessages.clientId],
        })
        .returning(messageColumns);
      if (inserted[0]) return inserted[0];
      const [existing] = await db
        .select(messageColumns)
        .from(visitMessages)
        .where(
          and(
            eq(visitMessages.visitId, input.visitId),
            eq(visitMessages.owner, input.owner),
            eq(visitMessages.clientId, input.clientId ?? ''),
          ),
        )
        .limit(1);
      if (!existing) throw new Error('message neither inserted nor found');
      return existing;
    },
    async markReceived(visitId, msgId, by, at) {
      await db
        .update(visitMessages)
        .set({ received: at })
        .where(
          and(
            eq(visitMessages.id, msgId),
            eq(visitMessages.visitId, visitId),
            isNull(visitMessages.received),
            sql`${visitMessages.owner} <> ${by}`,
          ),
        );
      const [row] = await db
        .select(messageColumns)
        .from(visitMessages)
        .where(and(eq(visitMessages.id, msgId), eq(visitMessages.visitId, visitId)))
        .limit(1);
      return row;
    },
    async messages(visitId) {
      return db
        .select(messageColumns)
        .from(visitMessages)
        .where(eq(visitMessages.visitId, visitId))
        .orderBy(asc(visitMessages.sent), asc(visitMessages.id));
    },
    async pharmacy(ncpdpId) {
      const [row] = await db
        .select({
          ncpdpId: pharmacies.ncpdpId,
          name: pharmacies.name,
          address: pharmacies.address,
          city: pharmacies.city,
          state: pharmacies.state,
          zip: pharmacies.zip,
          phone: pharmacies.phone,
          fax: pharmacies.fax,
          acceptsErx: pharmacies.acceptsErx,
        })
        .from(pharmacies)
        .where(eq(pharmacies.ncpdpId, ncpdpId))
        .limit(1);
      return row;
    },
    async endVisit(writeNote, input) {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(visits)
          .set({
            state: input.toState,
            outcome: input.outcome,
            endedAt: input.at,
            version: sql`${visits.version} + 1`,
          })
          .where(
            and(
              eq(visits.id, input.visitId),
              eq(visits.state, 'inProgress'),
              eq(visits.providerId, input.providerId),
            ),
          )
          .returning(visitColumns);
        const [visit] = moved;
        if (!visit) return { visit: null, noteId: null };
        let noteId: string | null = null;
        if (input.note) {
          noteId = await writeNote(tx as unknown as Db, {
            ...input.note,
            visitId: input.visitId,
            providerId: input.providerId,
            at: input.at,
          });
        }
        if (input.certificate) {
          await tx
            .insert(covidCertificates)
            .values({ ...input.certificate, visitId: input.visitId, issuedAt: input.at });
        }
        if (input.prescription) {
          await tx.insert(prescriptions).values({
            ...input.prescription,
            visitId: input.visitId,
            providerId: input.providerId,
            createdAt: input.at,
          });
        }
        return { visit, noteId };
      });
    },
    async certificateByVerificationId(verificationId) {
      const [row] = await db
        .select()
        .from(covidCertificates)
        .where(eq(covidCertificates.verificationId, verificationId))
        .limit(1);
      return row;
    },
    async certificate(id) {
      const [row] = await db
        .select()
        .from(covidCertificates)
        .where(eq(covidCertificates.id, id))
        .limit(1);
      return row;
    },
    async insertMeetLink(input) {
      await db.insert(meetLinks).values(input);
    },
    async useMeetLink(linkHash, sessionHash, at, sessionExpiresAt) {
      const rows = await db
        .update(meetLinks)
        .set({ usedAt: at, sessionHash, sessionExpiresAt })
        .where(
          and(
            eq(meetLinks.linkHash, linkHash),
            isNull(meetLinks.usedAt),
            gt(meetLinks.expiresAt, at),
          ),
        )
        .returning({ visitId: meetLinks.visitId });
      return rows[0];
    },
    async revokeMeetFor(accountId, at) {
      const own = db.select({ id: visits.id }).from(visits).where(eq(visits.accountId, accountId));
      await db
        .update(meetLinks)
        .set({ expiresAt: at, sessionExpiresAt: at })
        .where(inArray(meetLinks.visitId, own));
    },
    async meetSession(sessionHash, at) {
      const [row] = await db
        .select({ visitId: meetLinks.visitId })
        .from(meetLinks)
        .where(and(eq(meetLinks.sessionHash, sessionHash), gt(meetLinks.sessionExpiresAt, at)))
        .limit(1);
      return row;
    },
  };
}

/** The family's Covid certificates issued in [from, to), for its documents (`PapersQuery`). */
export function certificatePapers(db: Db): PapersQuery {
  const c = covidCertificates;
  return db
    .select(
      paperColumns('certificate', {
        id: c.id,
        personId: c.personId,
        at: c.issuedAt,
        data: sql`jsonb_build_object('verificationId', ${c.verificationId}, 'providerName', ${c.providerName})`,
      }),
    )
    .from(c)
    .where(papersOfAccountIn(c.accountId, c.issuedAt))
    .$dynamic();
}

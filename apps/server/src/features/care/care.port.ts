import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import type { Actor } from '../../platform/actor';
import type { DocumentSource } from '../../platform/document-sources';

/** A visit as the back office's account page lists it: no reason, notes or screening. */
export interface VisitListing {
  id: string;
  personId: string;
  /** video (on-demand) or the rx flow's location; the kind of visit. */
  location: string;
  state: string;
  outcome: string | null;
  createdAt: Date;
  endedAt: Date | null;
}

/** A visit as the back office's visits list shows it: no reason, notes or screening. */
export interface AdminVisitRecord {
  id: string;
  accountId: string;
  personId: string;
  /** appointment: opened by a scheduled appointment's start; video: on demand. */
  kind: 'video' | 'appointment';
  state: string;
  location: string;
  providerId: string | null;
  claimedAt: Date | null;
  endedAt: Date | null;
  createdAt: Date;
}

/** A scheduled appointment's visit, paid already, for its provider. */
export interface ScheduledVisitInput {
  accountId: string;
  personId: string;
  providerId: string;
  /** One visit per key: a retried start is the same visit. */
  idempotencyKey: string;
  location: string;
  reason: string;
  notes: string;
  pharmacy: Record<string, unknown> | null;
  ledgerId: string;
  priceCents: number;
}

/**
 * What other areas may ask of on-demand care. Other areas never read care's tables.
 */
export interface CarePort {
  /**
   * Opens the video visit of a started appointment: claimed by its provider from the start, in
   * the same room as an on-demand visit (the provider's "my visits", the patient's waiting room
   * and call). The patient is texted the meet link as on a claim.
   */
  startScheduledVisit(input: ScheduledVisitInput): Promise<PatientVisit>;
  /**
   * Whether the person had a completed video visit in the state (a state's "1st Video"
   * telemedicine requirement for asynchronous visits is then met).
   */
  hadVideoVisit(personId: string, state: string): Promise<boolean>;
  /**
   * Puts the visits a provider claimed and did not end back in the line, telling each patient
   * (the provider was deactivated); how many went back.
   */
  releaseProviderVisits(actor: Actor, providerId: string): Promise<number>;
  /** The family's Covid test certificates as documents. */
  certificates: DocumentSource;
  /** The back office's account page and search by visit reference. */
  visitsOfAccount(accountId: string, limit: number): Promise<VisitListing[]>;
  /** The accounts with a visit whose id starts with this 8-character reference. */
  accountsOfVisitRef(ref: string): Promise<string[]>;
  /** The back office's visits list, unfinished first. */
  adminVisits(filter: {
    kind?: 'video' | 'appointment';
    state?: string;
  }): Promise<AdminVisitRecord[]>;
  /**
   * The operator cancels a video visit that is not over, refunded in full (one refund, the
   * patient's own cancel's key), with a note the patient reads and is texted.
   * 404 unknown, 409 over.
   */
  adminCancel(actor: Actor, visitId: string, note: string): Promise<{ refunded: boolean }>;
  /** The operator puts a claimed video visit back in the line with a note (409 not claimed). */
  adminReassign(actor: Actor, visitId: string, note: string): Promise<void>;
}

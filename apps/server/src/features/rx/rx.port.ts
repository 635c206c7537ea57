import type { Actor } from '../../platform/actor';
import type { DocumentSource } from '../../platform/document-sources';
import type { PharmacyStaff } from '../pharmacy/pharmacy.port';

/** An Rx visit as other areas may know it: whose it is, what for, where it goes. */
export interface RxVisitRef {
  id: string;
  /** The account holder (the guardian, for a dependent's visit). */
  accountId: string;
  /** The family member it is for. */
  personId: string;
  productId: string;
  pharmacyId: string | null;
}

/**
 * What other areas may ask of Rx visits: the family's prescriptions and signed
 * consents as documents, printed when opened.
 */
/** An Rx visit as the back office's visits list reads it. */
export interface AdminRxVisitRecord {
  id: string;
  accountId: string;
  personId: string;
  status: string;
  location: string;
  prescriberId: string | null;
  pharmacyId: string | null;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
  prescribedAt: Date | null;
  pharmacyStatus: string | null;
}

export interface RxPort {
  /** The back office's visits list: Rx visits of a status, unfinished first. */
  adminRxVisits(filter: { status?: string }, limit: number): Promise<AdminRxVisitRecord[]>;
  /**
   * Puts the reviews a deactivated prescriber started back in the line, each patient told;
   * how many went back.
   */
  releaseReviews(actor: Actor, prescriberId: string): Promise<number>;
  /** The back office puts one started Rx review back in the line with a note. */
  adminReleaseReview(
    actor: Actor,
    visitId: string,
    note: string,
  ): Promise<'released' | 'notStarted' | null>;
  /**
   * The back office cancels one Rx visit with a note the patient reads and is texted (the
   * domain's backoffice/rx-cancel.rules): refunded in full or its prepaid visit given back; 409
   * saying why when it may not be cancelled; null when no Rx visit has this id.
   */
  adminCancel(
    actor: Actor,
    visitId: string,
    note: string,
  ): Promise<{ refunded: boolean; prepayReturned: boolean } | null>;
  prescriptions: DocumentSource;
  consents: DocumentSource;
  /**
   * A visit the calling pharmacy user may see (its pharmacy's, within the grant), with whether
   * the pharmacy claimed it (forms and external codes hang on it); 404 for any other
   * (audited as denied), 403 for anyone not a verified pharmacy's staff.
   */
  pharmacyVisit(
    actor: Actor,
    visitId: string,
  ): Promise<RxVisitRef & { staff: PharmacyStaff; claimed: boolean }>;
  /** The caller's own Rx visit (any of their family's), or 404 (audited as denied). */
  ownVisit(actor: Actor, visitId: string): Promise<RxVisitRef>;
  /**
   * The light facts of a pharmacy's visits that started in the range, oldest first (the
   * pharmacy's analytics). No patient and no clinical content: the caller audits.
   */
  pharmacyVisitsStarted(
    pharmacyId: string,
    range: { from: Date; to: Date },
  ): Promise<PharmacyVisitFact[]>;
}

/** What the analytics of a pharmacy read of one of its visits. */
export interface PharmacyVisitFact {
  id: string;
  productId: string;
  /** The patient-side status, and the pharmacy-side one (null until prescribed). */
  status: string;
  pharmacyStatus: string | null;
  linkId: string | null;
  /** The white-label the visit was started under (null for visits older than attribution). */
  brandId: string | null;
  /** The in-store assessment the visit continues, if any. */
  assessmentId: string | null;
  createdAt: Date;
  paidAt: Date | null;
  /** The card charge that paid it (payments' ledger id), or the prepay redemption. */
  ledgerId: string | null;
  prepayRedemptionId: string | null;
  /** Arrival at the pharmacy (prescribed) and the pharmacy's claim. */
  prescribedAt: Date | null;
  pharmacyClaimedAt: Date | null;
  claimFeeEntryId: string | null;
  claimFeeCents: number | null;
}

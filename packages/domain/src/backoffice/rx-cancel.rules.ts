/**
 * Which Rx (asynchronous prescription) visits the operator may cancel from the back office's
 * visits area, and what the cancel does. Pure; the server applies it as one
 * conditional move of the visit (its status and version), so of cancels racing each other, a
 * prescriber's prescription or a pharmacy's claim exactly one wins.
 *
 * - Before a prescription is written (paid and waiting, in review, approved or asked again) the
 *   visit is refunded in full: status `refund`, the card charge refunded through the same key as
 *   the patient's own cancel and the prescriber's refund, a prepaid visit's token given back
 *   unused (`released`).
 * - Not yet paid (`pendingMedPayment`): the visit goes away (`cancel`), nothing to refund.
 * - Prescribed to a pharmacy that has not touched it yet (pharmacy status `unclaimed`): refunded
 *   as above, the pharmacy's copy withdrawn (pharmacy status `cancel`); a prepaid visit's token
 *   is credited back to the program (`denied`: the only way back once a prescription was written).
 * - Refused (409) once a pharmacy claimed the prescription (its fee paid, the PDF open, maybe
 *   filled or shipped), while a pharmacy is working on it (contacted the patient, a change
 *   request and its answer), when the prescription was handed to the patient with no pharmacy
 *   (it cannot be taken back), and when the visit is over (refunded, cancelled, in review).
 */

/** How an operator's cancel ends a visit, or why it is refused. */
export type RxAdminCancel =
  | {
      readonly ok: true;
      /** The visit's new status. */
      readonly to: 'refund' | 'cancel';
      /** Whether the visit's payment (card or prepaid token) goes back. */
      readonly refund: boolean;
      /** Whether the pharmacy's copy is withdrawn (pharmacy status `cancel`). */
      readonly withdrawFromPharmacy: boolean;
      /** How a prepaid visit's token is settled: back unused, or credited back after an Rx. */
      readonly prepay: 'released' | 'denied';
    }
  | { readonly ok: false; readonly reason: RxCancelRefusal };

export const rxCancelRefusals = [
  'over',
  'pharmacyClaimed',
  'pharmacyWorking',
  'prescribed',
] as const;
export type RxCancelRefusal = (typeof rxCancelRefusals)[number];

/** Patient-side statuses before a prescription is written: refunded in full when cancelled. */
export const rxCancellableBeforePrescription = ['waiting', 'started', 'ended', 'exit'] as const;

/** Pharmacy statuses after the pharmacy's claim (its fee paid): never cancelled here. */
const pharmacyClaimedStatuses = ['claimed', 'ready', 'shipped', 'picked-up', 'delivered'];

/** What the operator's cancel of a visit in `status` (and `pharmacyStatus`) does. */
export function rxAdminCancel(status: string, pharmacyStatus: string | null): RxAdminCancel {
  if (pharmacyStatus !== null && pharmacyClaimedStatuses.includes(pharmacyStatus)) {
    return { ok: false, reason: 'pharmacyClaimed' };
  }
  if (status === 'pendingMedPayment') {
    return {
      ok: true,
      to: 'cancel',
      refund: false,
      withdrawFromPharmacy: false,
      prepay: 'released',
    };
  }
  if ((rxCancellableBeforePrescription as readonly string[]).includes(status)) {
    return {
      ok: true,
      to: 'refund',
      refund: true,
      withdrawFromPharmacy: pharmacyStatus !== null && pharmacyStatus !== 'cancel',
      prepay: 'released',
    };
  }
  if (status === 'rxed') {
    if (pharmacyStatus === 'unclaimed') {
      return { ok: true, to: 'refund', refund: true, withdrawFromPharmacy: true, prepay: 'denied' };
    }
    if (pharmacyStatus === null || pharmacyStatus === 'cancel' || pharmacyStatus === 'voided') {
      return { ok: false, reason: 'prescribed' };
    }
    return { ok: false, reason: 'pharmacyWorking' };
  }
  return { ok: false, reason: 'over' };
}

/** Whether the visits list offers Cancel on an Rx visit. */
export function rxAdminCancellable(status: string, pharmacyStatus: string | null): boolean {
  return rxAdminCancel(status, pharmacyStatus).ok;
}

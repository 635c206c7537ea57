import { z } from 'zod';
import type { RxStatusMessageKey } from '../rx/rx-status.messages';
import type { StatusColour } from '../rx/rx-status.rules';

/**
 * Pharmacy-side Rx visit statuses (spec section 4, "Pharmacy-side visit statuses") and the
 * per-status configuration of spec section 3 (label, rxCompleted, patientStatus, assignHint,
 * statusPrompt, textInput, statusButtonLabel, outline, claimable).
 *
 * The spec does not give the exact transitions between pharmacy-side statuses; the ones
 * defined by `canChangePharmacyStatus` are a decision documented in docs/rules.md.
 */

/** The spec's order. */
export const pharmacyStatuses = [
  'cancel',
  'voided',
  'denied',
  'unclaimed',
  'contacted',
  'review',
  'approved',
  'claimed',
  'ready',
  'shipped',
  'picked-up',
  'delivered',
] as const;
export type PharmacyStatus = (typeof pharmacyStatuses)[number];
export const pharmacyStatusSchema = z.enum(pharmacyStatuses);

export function isPharmacyStatus(value: unknown): value is PharmacyStatus {
  return typeof value === 'string' && (pharmacyStatuses as readonly string[]).includes(value);
}

/** Position in the spec's order (0 = cancel ... 11 = delivered). */
export function pharmacyStatusRank(status: PharmacyStatus): number {
  return pharmacyStatuses.indexOf(status);
}

/** The visit may be claimed (and its prescription downloaded) from these statuses. */
export const claimableStatuses = [
  'denied',
  'unclaimed',
  'approved',
] as const satisfies readonly PharmacyStatus[];
/** The visit is finished from the pharmacy's point of view. */
export const completedStatuses = [
  'voided',
  'claimed',
  'ready',
  'shipped',
  'picked-up',
  'delivered',
] as const satisfies readonly PharmacyStatus[];
/** Fulfilment steps after claiming; they only move forward in the spec's order. */
export const fulfilmentStatuses = [
  'ready',
  'shipped',
  'picked-up',
  'delivered',
] as const satisfies readonly PharmacyStatus[];

export function isClaimable(status: PharmacyStatus): boolean {
  return (claimableStatuses as readonly PharmacyStatus[]).includes(status);
}

export function isCompleted(status: PharmacyStatus): boolean {
  return (completedStatuses as readonly PharmacyStatus[]).includes(status);
}

/** Statuses before the visit is claimed (review is only available from these). */
export const preClaimStatuses = [
  'denied',
  'unclaimed',
  'contacted',
  'review',
  'approved',
] as const satisfies readonly PharmacyStatus[];

export function isPreClaim(status: PharmacyStatus): boolean {
  return (preClaimStatuses as readonly PharmacyStatus[]).includes(status);
}

/**
 * Whether a change to a status takes a text note: 'required' for voided, contacted and review
 * (spec: "Needs a note" / "Needs a reason"), 'optional' for ready, shipped, picked-up and
 * delivered ("A note is allowed"), 'none' for claimed ("No note") and the rest.
 */
export type NoteRule = 'required' | 'optional' | 'none';

export function noteRuleFor(status: PharmacyStatus): NoteRule {
  switch (status) {
    case 'voided':
    case 'contacted':
    case 'review':
      return 'required';
    case 'ready':
    case 'shipped':
    case 'picked-up':
    case 'delivered':
      return 'optional';
    default:
      return 'none';
  }
}

/** The spec's list of statuses that take a text note (voided ... delivered; not claimed). */
export function takesNote(status: PharmacyStatus): boolean {
  return noteRuleFor(status) !== 'none';
}

/** Who asks for a change. Pharmacies change statuses; the prescriber answers a review. */
export type StatusActor = 'pharmacy' | 'prescriber';

/**
 * Allowed pharmacy-side changes (decision; the spec does not list them):
 * - pharmacy, before claiming (denied, unclaimed, approved): claimed, contacted, review, voided;
 * - pharmacy, from contacted: unclaimed (patient answered, back to the queue), review, voided —
 *   contacted is not in the spec's claimable set, so it cannot be claimed directly;
 * - pharmacy, from review: unclaimed (the request withdrawn: the prescription as written is
 *   claimable again) or voided (awaiting the prescriber otherwise);
 * - prescriber, from review: approved or denied (the answer to the change request);
 * - pharmacy, from claimed and the fulfilment steps: only forward in the spec's order among
 *   ready, shipped, picked-up, delivered (skipping allowed);
 * - cancel, voided and delivered are final; nothing moves back from a completed status to a
 *   non-completed one; review is only reachable before claiming.
 */
export const pharmacyTransitions: Readonly<
  Record<StatusActor, Readonly<Record<PharmacyStatus, readonly PharmacyStatus[]>>>
> = {
  pharmacy: {
    cancel: [],
    voided: [],
    denied: ['claimed', 'contacted', 'review', 'voided'],
    unclaimed: ['claimed', 'contacted', 'review', 'voided'],
    contacted: ['unclaimed', 'review', 'voided'],
    review: ['unclaimed', 'voided'],
    approved: ['claimed', 'contacted', 'review', 'voided'],
    claimed: ['ready', 'shipped', 'picked-up', 'delivered'],
    ready: ['shipped', 'picked-up', 'delivered'],
    shipped: ['picked-up', 'delivered'],
    'picked-up': ['delivered'],
    delivered: [],
  },
  prescriber: {
    cancel: [],
    voided: [],
    denied: [],
    unclaimed: [],
    contacted: [],
    review: ['approved', 'denied'],
    approved: [],
    claimed: [],
    ready: [],
    shipped: [],
    'picked-up': [],
    delivered: [],
  },
};

export function canChangePharmacyStatus(
  from: PharmacyStatus,
  to: PharmacyStatus,
  actor: StatusActor = 'pharmacy',
): boolean {
  return pharmacyTransitions[actor][from].includes(to);
}

export type StatusChangeError =
  | { readonly code: 'notAllowed'; readonly messageKey: 'rxStatus.pharmacy.changeNotAllowed' }
  | { readonly code: 'noteRequired'; readonly messageKey: 'rxStatus.pharmacy.noteRequired' }
  | { readonly code: 'noteNotAccepted'; readonly messageKey: 'rxStatus.pharmacy.noteNotAccepted' };

export type StatusChangeCheck =
  | { readonly ok: true; readonly note: string | undefined }
  | ({ readonly ok: false } & StatusChangeError);

/**
 * Checks a requested change: it must be allowed, a required note must be non-blank, and a
 * change that takes no note (claimed) must not carry one. The returned note is trimmed.
 */
export function checkStatusChange(input: {
  readonly from: PharmacyStatus;
  readonly to: PharmacyStatus;
  readonly note?: string | null;
  readonly actor?: StatusActor;
}): StatusChangeCheck {
  if (!canChangePharmacyStatus(input.from, input.to, input.actor ?? 'pharmacy')) {
    return { ok: false, code: 'notAllowed', messageKey: 'rxStatus.pharmacy.changeNotAllowed' };
  }
  const note = input.note?.trim() ?? '';
  const rule = noteRuleFor(input.to);
  if (rule === 'required' && note === '') {
    return { ok: false, code: 'noteRequired', messageKey: 'rxStatus.pharmacy.noteRequired' };
  }
  if (rule === 'none' && note !== '') {
    return { ok: false, code: 'noteNotAccepted', messageKey: 'rxStatus.pharmacy.noteNotAccepted' };
  }
  return { ok: true, note: note === '' ? undefined : note };
}

/** The per-status configuration of spec section 3. Texts are message keys. */
export interface PharmacyStatusConfig {
  readonly label: RxStatusMessageKey;
  /** The status completes the visit for the pharmacy. */
  readonly rxCompleted: boolean;
  /** The text the patient sees for this status. */
  readonly patientStatus: RxStatusMessageKey;
  /** What choosing this status means, shown when assigning it. */
  readonly assignHint: RxStatusMessageKey;
  /** The prompt above the note box, when the change takes a note. */
  readonly statusPrompt: RxStatusMessageKey | undefined;
  /** A text note box is shown. */
  readonly textInput: boolean;
  /** A button label other than the status label. */
  readonly statusButtonLabel: RxStatusMessageKey | undefined;
  /**
   * Outlined (secondary) button: decision, true for every status that does not complete, and for
   * a destructive one.
   */
  readonly outline: boolean;
  /** The status ends the visit for the patient (voided): shown in red, never as a filled button. */
  readonly destructive: boolean;
  readonly claimable: boolean;
}

function promptFor(status: PharmacyStatus): RxStatusMessageKey | undefined {
  if (status === 'contacted') return 'rxStatus.pharmacy.prompt.contacted';
  if (status === 'review') return 'rxStatus.pharmacy.prompt.review';
  if (status === 'voided') return 'rxStatus.pharmacy.prompt.voided';
  return noteRuleFor(status) === 'optional' ? 'rxStatus.pharmacy.prompt.optionalNote' : undefined;
}

/** Statuses that end the visit for the patient (their prescription cannot be filled). */
export const destructiveStatuses = ['voided'] as const satisfies readonly PharmacyStatus[];

export function isDestructive(status: PharmacyStatus): boolean {
  return (destructiveStatuses as readonly PharmacyStatus[]).includes(status);
}

export function pharmacyStatusConfig(status: PharmacyStatus): PharmacyStatusConfig {
  const completed = isCompleted(status);
  const destructive = isDestructive(status);
  return {
    label: `rxStatus.pharmacy.label.${status}`,
    rxCompleted: completed,
    patientStatus: `rxStatus.patient.${status}`,
    assignHint: `rxStatus.pharmacy.hint.${status}`,
    statusPrompt: promptFor(status),
    textInput: takesNote(status),
    statusButtonLabel: status === 'claimed' ? 'rxStatus.pharmacy.submitPayment' : undefined,
    outline: !completed || destructive,
    destructive,
    claimable: isClaimable(status),
  };
}

/** The configuration of every status, in the spec's order. */
export const pharmacyStatusConfigs: Readonly<Record<PharmacyStatus, PharmacyStatusConfig>> =
  Object.fromEntries(pharmacyStatuses.map((s) => [s, pharmacyStatusConfig(s)])) as Record<
    PharmacyStatus,
    PharmacyStatusConfig
  >;

/** Statuses that are only displayed (e-prescription transmission results). */
export const displayOnlyStatuses = ['transmitted', 'ERROR', 'Transmit-Error'] as const;
export type PharmacyDisplayStatus = PharmacyStatus | (typeof displayOnlyStatuses)[number];

/** Display colours per status, including transmitted, ERROR and Transmit-Error (decision). */
export const pharmacyStatusColours = {
  cancel: { token: 'grey', hex: '#9e9e9e' },
  voided: { token: 'darkGrey', hex: '#616161' },
  denied: { token: 'deepOrange', hex: '#f4511e' },
  unclaimed: { token: 'orange', hex: '#fb8c00' },
  contacted: { token: 'amber', hex: '#ffb300' },
  review: { token: 'lightGrey', hex: '#e0e0e0' },
  approved: { token: 'lightGreen', hex: '#7cb342' },
  claimed: { token: 'teal', hex: '#00897b' },
  ready: { token: 'green', hex: '#43a047' },
  shipped: { token: 'indigo', hex: '#3949ab' },
  'picked-up': { token: 'darkGreen', hex: '#2e7d32' },
  delivered: { token: 'darkGreen', hex: '#2e7d32' },
  transmitted: { token: 'blue', hex: '#1e88e5' },
  ERROR: { token: 'red', hex: '#e53935' },
  'Transmit-Error': { token: 'red', hex: '#e53935' },
} as const satisfies Record<PharmacyDisplayStatus, StatusColour>;

export function pharmacyStatusColour(status: PharmacyDisplayStatus): StatusColour {
  return pharmacyStatusColours[status];
}

export function pharmacyStatusLabelKey(status: PharmacyDisplayStatus): RxStatusMessageKey {
  return `rxStatus.pharmacy.label.${status}`;
}

/**
 * The 'status changed' marker: set by the provider when the prescription changed, so the
 * pharmacy sees that the prescription it may download is a new one.
 */
export interface StatusChangedMarker {
  readonly statusChanged?: boolean;
}

export const statusChangedLabelKey: RxStatusMessageKey = 'rxStatus.pharmacy.statusChanged';
export const statusChangedColour: StatusColour = { token: 'purple', hex: '#8e24aa' };

export function markPrescriptionChanged<V extends object>(visit: V): V & { statusChanged: true } {
  return { ...visit, statusChanged: true };
}

export function showsStatusChanged(visit: object): boolean {
  return 'statusChanged' in visit && visit.statusChanged === true;
}

import { z } from 'zod';
import type { RxStatusMessageKey } from './rx-status.messages';

/**
 * Prescription (Rx) visit statuses as the patient sees them (spec section 4, "Prescription
 * visit statuses, patient side"): the allowed-change table, the colours, the patient-facing
 * texts and what the app does when a status arrives over the real-time channel.
 */

/** Every status a patient's Rx visit can carry (patient-side and pharmacy-side). */
export const rxVisitStatuses = [
  'waiting',
  'started',
  'ended',
  'rxed',
  'exit',
  'refund',
  'review',
  'voided',
  'unclaimed',
  'contacted',
  'pendingMedPayment',
  'claimed',
  'denied',
  'approved',
  'ready',
  'shipped',
  'picked-up',
  'delivered',
  'cancel',
] as const;
export type RxVisitStatus = (typeof rxVisitStatuses)[number];

export const rxVisitStatusSchema = z.enum(rxVisitStatuses);

export function isRxVisitStatus(value: unknown): value is RxVisitStatus {
  return typeof value === 'string' && (rxVisitStatuses as readonly string[]).includes(value);
}

/**
 * The spec's table of allowed changes. Statuses not listed as a key have no restriction
 * (they may change to any other status).
 */
export const restrictedRxTransitions = {
  waiting: ['started', 'refund', 'exit'],
  started: ['ended', 'refund', 'exit'],
  ended: ['rxed', 'refund', 'exit'],
  rxed: ['refund', 'exit'],
  exit: ['started', 'refund'],
  refund: [],
  review: [],
} as const satisfies Partial<Record<RxVisitStatus, readonly RxVisitStatus[]>>;

type RestrictedStatus = keyof typeof restrictedRxTransitions;

function isRestricted(status: RxVisitStatus): status is RestrictedStatus {
  return Object.hasOwn(restrictedRxTransitions, status);
}

/** The statuses a visit may move to from `from`. Unrestricted statuses may go anywhere else. */
export function nextRxStatuses(from: RxVisitStatus): readonly RxVisitStatus[] {
  if (isRestricted(from)) return restrictedRxTransitions[from];
  return rxVisitStatuses.filter((s) => s !== from);
}

/**
 * Whether a visit may change from `from` to `to`. Staying on the same status is not a change
 * and answers false (a decision: the spec's table lists no self-transitions).
 */
export function canTransition(from: RxVisitStatus, to: RxVisitStatus): boolean {
  if (from === to) return false;
  return nextRxStatuses(from).includes(to);
}

/** Final states: nothing leaves them (refund is final; review allows no change). */
export const finalRxStatuses: readonly RxVisitStatus[] = rxVisitStatuses.filter(
  (s) => nextRxStatuses(s).length === 0,
);

export function isFinalRxStatus(status: RxVisitStatus): boolean {
  return finalRxStatuses.includes(status);
}

/** A named colour token and its hex value. */
export interface StatusColour {
  readonly token: string;
  readonly hex: string;
}

/**
 * Status colours. The seven of the spec are waiting red, started blue, ended light blue,
 * refund grey, exit yellow, rxed green, review light grey; the spec names none for the other
 * statuses, so they get colours chosen here (decision, see docs/rules.md).
 */
export const rxStatusColours = {
  waiting: { token: 'red', hex: '#e53935' },
  started: { token: 'blue', hex: '#1e88e5' },
  ended: { token: 'lightBlue', hex: '#81d4fa' },
  refund: { token: 'grey', hex: '#9e9e9e' },
  exit: { token: 'yellow', hex: '#fdd835' },
  rxed: { token: 'green', hex: '#43a047' },
  review: { token: 'lightGrey', hex: '#e0e0e0' },
  // Not given by the spec
  voided: { token: 'darkGrey', hex: '#616161' },
  unclaimed: { token: 'orange', hex: '#fb8c00' },
  contacted: { token: 'amber', hex: '#ffb300' },
  pendingMedPayment: { token: 'purple', hex: '#8e24aa' },
  claimed: { token: 'teal', hex: '#00897b' },
  denied: { token: 'deepOrange', hex: '#f4511e' },
  approved: { token: 'lightGreen', hex: '#7cb342' },
  ready: { token: 'green', hex: '#43a047' },
  shipped: { token: 'indigo', hex: '#3949ab' },
  'picked-up': { token: 'darkGreen', hex: '#2e7d32' },
  delivered: { token: 'darkGreen', hex: '#2e7d32' },
  cancel: { token: 'grey', hex: '#9e9e9e' },
} as const satisfies Record<RxVisitStatus, StatusColour>;

export function rxStatusColour(status: RxVisitStatus): StatusColour {
  return rxStatusColours[status];
}

/** The message key of the patient-facing text of a status ('rxStatus.patient.{status}'). */
export function patientStatusTextKey(status: RxVisitStatus): RxStatusMessageKey {
  return `rxStatus.patient.${status}`;
}

/** What the app does when a status for one of the patient's visits arrives (updateRxVisit). */
export type ReceivedStatusAction =
  | { readonly kind: 'newUnclaimed'; readonly id: string; readonly notify: true }
  | { readonly kind: 'remove'; readonly id: string }
  | {
      readonly kind: 'toast';
      readonly id: string;
      readonly messageKey: 'rxStatus.received';
      /** The visit is named by the caller: its treatment and day ({name}, {date}), never its id. */
      readonly params: { readonly status: string };
    };

/**
 * unclaimed -> raise the new-unclaimed count and show a notification; cancel -> remove the
 * visit from the list; any other status -> 'Your {name} visit of {date}: {status}'. Unknown status
 * strings take the last branch too.
 */
export function reactToReceivedStatus(update: {
  readonly id: string;
  readonly status: string;
}): ReceivedStatusAction {
  if (update.status === 'unclaimed') return { kind: 'newUnclaimed', id: update.id, notify: true };
  if (update.status === 'cancel') return { kind: 'remove', id: update.id };
  return {
    kind: 'toast',
    id: update.id,
    messageKey: 'rxStatus.received',
    params: { status: update.status },
  };
}

export interface RxVisitListState<V extends { readonly id: string; readonly status: string }> {
  readonly visits: readonly V[];
  readonly newUnclaimedCount: number;
}

/**
 * Applies a received status to the patient's list: the visit's status is updated, cancelled
 * visits are removed and unclaimed ones raise the new-unclaimed count by one.
 */
export function applyReceivedStatus<V extends { readonly id: string; readonly status: string }>(
  state: RxVisitListState<V>,
  update: { readonly id: string; readonly status: string },
): RxVisitListState<V> {
  const action = reactToReceivedStatus(update);
  if (action.kind === 'remove') {
    return { ...state, visits: state.visits.filter((v) => v.id !== update.id) };
  }
  const visits = state.visits.map((v) =>
    v.id === update.id ? { ...v, status: update.status } : v,
  );
  return {
    visits,
    newUnclaimedCount: state.newUnclaimedCount + (action.kind === 'newUnclaimed' ? 1 : 0),
  };
}

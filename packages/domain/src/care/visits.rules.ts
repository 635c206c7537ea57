/**
 * On-demand visit life (spec sections 1, 4): a visit waits in the queue of the
 * providers licensed in the patient's state, is claimed by exactly one provider, and ends
 * completed (with or without a prescription), refunded (cannot treat), or as a no-show; the
 * patient may cancel while waiting (refunded). Final states have no exit.
 */
export const visitStates = [
  'waiting',
  'inProgress',
  'completed',
  'refunded',
  'cancelled',
  'noShow',
] as const;
export type VisitState = (typeof visitStates)[number];

const transitions: Readonly<Record<VisitState, readonly VisitState[]>> = {
  waiting: ['inProgress', 'cancelled'],
  inProgress: ['completed', 'refunded', 'noShow'],
  completed: [],
  refunded: [],
  cancelled: [],
  noShow: [],
};

export function canMoveVisit(from: VisitState, to: VisitState): boolean {
  return transitions[from].includes(to);
}

export function isFinalVisitState(state: VisitState): boolean {
  return transitions[state].length === 0;
}

/** States in which the patient still has an active visit (waiting room or call). */
export function isActiveVisitState(state: VisitState): boolean {
  return state === 'waiting' || state === 'inProgress';
}

/** Minutes a provider needs per visit ahead in the queue, for the wait estimate. */
export const minutesPerVisitAhead = 10;

/**
 * The waiting-room estimate: place 1 is next. With providers on duty, the wait is the visits
 * ahead shared among them; with none, it is unknown (null) until one comes on duty.
 */
export function waitEstimate(place: number, providersOnDuty: number): number | null {
  if (providersOnDuty <= 0) return null;
  return Math.ceil((place - 1) / providersOnDuty) * minutesPerVisitAhead + 5;
}

/**
 * Presence: a provider on duty is available to patients only while a connection of
 * theirs (the console's socket heartbeat, an authenticated request) was seen within this grace.
 * Past it, the presence job switches them off duty.
 */
export const presenceGraceMs = 2 * 60_000;
/** Presence is written at most this often per provider. */
export const presenceTouchMs = 30_000;
/** A waiting on-demand visit nobody claims within this long is cancelled and refunded. */
export const unclaimedVisitLimitMs = 20 * 60_000;

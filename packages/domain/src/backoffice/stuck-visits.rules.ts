/**
 * Stuck visits (the back office's 'visits' area): which visits the operator's list
 * shows first, and why. Pure; the limits are named so the list, its tests and the docs agree.
 *
 * - An on-demand or appointment video visit waiting with no provider past `waitingNoProviderMs`.
 * - An Rx visit nobody has started reviewing (status waiting) past `rxUnreviewedMs`.
 * - An Rx visit prescribed to a pharmacy still 'unclaimed' there past `pharmacyUnclaimedMs`.
 */

/** The kinds of visit the console lists. */
export const adminVisitKinds = ['video', 'appointment', 'rx'] as const;
export type AdminVisitKind = (typeof adminVisitKinds)[number];

/** A video visit waiting with no provider this long is stuck. */
export const waitingNoProviderMs = 10 * 60_000;
/** An Rx visit unreviewed this long is stuck. */
export const rxUnreviewedMs = 24 * 60 * 60_000;
/** A prescription sent to a pharmacy and unclaimed this long is stuck. */
export const pharmacyUnclaimedMs = 24 * 60 * 60_000;

export const stuckReasons = ['waitingNoProvider', 'rxUnreviewed', 'pharmacyUnclaimed'] as const;
export type StuckReason = (typeof stuckReasons)[number];

/** What the rule needs of a visit (times in ms since the epoch). */
export interface StuckFacts {
  kind: AdminVisitKind;
  /** The visit's state (video) or status (Rx). */
  status: string;
  /** A provider (video) or prescriber (Rx) has claimed it. */
  claimed: boolean;
  /** Since when it is in its status (created, claimed or last changed). */
  since: number;
  /** Rx: the pharmacy the prescription goes to, when it was prescribed, its pharmacy status. */
  pharmacyId?: string | null;
  prescribedAt?: number | null;
  pharmacyStatus?: string | null;
}

/** Why the visit is stuck at `now`, or null when it is not. */
export function stuckReason(visit: StuckFacts, now: number): StuckReason | null {
  if (visit.kind !== 'rx') {
    return visit.status === 'waiting' && !visit.claimed && now - visit.since > waitingNoProviderMs
      ? 'waitingNoProvider'
      : null;
  }
  if (visit.status === 'waiting' && !visit.claimed && now - visit.since > rxUnreviewedMs) {
    return 'rxUnreviewed';
  }
  if (
    visit.pharmacyId &&
    visit.prescribedAt != null &&
    visit.pharmacyStatus === 'unclaimed' &&
    !['refund', 'review'].includes(visit.status) &&
    now - visit.prescribedAt > pharmacyUnclaimedMs
  ) {
    return 'pharmacyUnclaimed';
  }
  return null;
}

/** Whole minutes from `since` to `now` (never negative). */
export function ageMinutes(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 60_000));
}

/** The list's order: stuck first (oldest first among them), then the newest. */
export function compareAdminVisits(
  a: { stuck: StuckReason | null; since: number; createdAt: number },
  b: { stuck: StuckReason | null; since: number; createdAt: number },
): number {
  if (a.stuck && !b.stuck) return -1;
  if (!a.stuck && b.stuck) return 1;
  if (a.stuck && b.stuck) return a.since - b.since;
  return b.createdAt - a.createdAt;
}

import type { PharmacyStatus } from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import type { RxVisitStatus } from '@apothecall/domain/rx/rx-status.rules';

/**
 * An Rx visit as a change left it: what the listeners act on, at its version,
 * so none reads the visit again. Ids, states and the version only: no PHI.
 */
export interface RxVisitSnapshot {
  id: string;
  /** The account holder (the patient's side of the visit). */
  accountId: string;
  version: number;
  /** The visit's status as the patient sees it. */
  status: RxVisitStatus;
  /** Where the pharmacy is with it (null before it reached one). */
  pharmacyStatus: PharmacyStatus | null;
  prescriberId: string | null;
  /** The state the visit is in (its prescribers' review line). */
  location: string;
  pharmacyId: string | null;
}

/**
 * The Rx visits area's events (platform/events.ts), emitted after a change is stored; the rx
 * notifier turns them into socket pushes. Ids, states and snapshots, never PHI.
 */
declare module '../../platform/events' {
  interface AppEvents {
    /** A state's line of paid visits waiting for review changed (paid, claimed, cancelled). */
    'rx.queueChanged': { state: string };
    /**
     * One Rx visit changed: its patient (updateRxVisit), its prescriber and its pharmacy are
     * told, from the snapshot; `by`: who moved it.
     */
    'rx.visitChanged': {
      visit: RxVisitSnapshot;
      by: 'patient' | 'prescriber' | 'pharmacy';
    };
    /** A message was written on an Rx visit: both sides are told; `to` is the other side. */
    'rx.messageSent': { visitId: string; to: string | null };
    /**
     * A prescriber wrote the visit's prescription; with a pharmacy on the visit it now waits,
     * unclaimed, on that pharmacy's dashboard (the pharmacy notice is queued from this).
     */
    'rx.prescribed': { visit: RxVisitSnapshot };
    /** A prescription reached a pharmacy's dashboard (its staff are told). */
    'rx.pharmacyVisitArrived': { visitId: string; pharmacyId: string };
  }
}

export const rxEventNames = {
  queueChanged: 'rx.queueChanged',
  visitChanged: 'rx.visitChanged',
  messageSent: 'rx.messageSent',
  prescribed: 'rx.prescribed',
  pharmacyVisitArrived: 'rx.pharmacyVisitArrived',
} as const;

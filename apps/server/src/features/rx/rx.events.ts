/**
 * The Rx visits area's events (platform/events.ts), emitted after a change is stored; the rx
 * notifier turns them into socket pushes. Ids and states only.
 */
declare module '../../platform/events' {
  interface AppEvents {
    /** A state's line of paid visits waiting for review changed (paid, claimed, cancelled). */
    'rx.queueChanged': { state: string };
    /** One Rx visit changed: its patient (updateRxVisit) and its prescriber are told. */
    'rx.visitChanged': {
      visitId: string;
      /** The visit's account holder, its status as the patient sees it, and who moved it. */
      accountId: string;
      status: string;
      by: 'patient' | 'prescriber' | 'pharmacy';
    };
    /** A message was written on an Rx visit: both sides are told; `to` is the other side. */
    'rx.messageSent': { visitId: string; to: string | null };
    /** A prescription reached a pharmacy's dashboard (its staff are told). */
    'rx.pharmacyVisitArrived': { visitId: string; pharmacyId: string };
  }
}

export const rxEventNames = {
  queueChanged: 'rx.queueChanged',
  visitChanged: 'rx.visitChanged',
  messageSent: 'rx.messageSent',
  pharmacyVisitArrived: 'rx.pharmacyVisitArrived',
} as const;

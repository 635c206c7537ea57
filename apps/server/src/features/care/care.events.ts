/**
 * A visit as a change left it, at its version: what listeners act on without reading the visit
 * again. Ids, states and the version only: no PHI (the reason and notes stay in the row).
 */
export interface CareVisitSnapshot {
  id: string;
  /** The account holder (the patient's side). */
  accountId: string;
  version: number;
  state: string;
  /** The state the visit is in (its line). */
  location: string;
  providerId: string | null;
}

/**
 * Care's events (platform/events.ts). Emitted by the care and clinic services after a change is
 * stored; the care notifier turns them into socket pushes. Ids, states and snapshots only.
 */
declare module '../../platform/events' {
  interface AppEvents {
    /** A state's line of waiting visits changed (joined, left, claimed, duty changed). */
    'care.queueChanged': { state: string };
    /** One visit changed (claimed, ended, cancelled, released): its patient is told. */
    'care.visitChanged': { visit: CareVisitSnapshot };
    /**
     * A provider claimed a waiting visit: its account holder is told (notifications) and texted
     * the visit's meet link.
     */
    'care.visitClaimed': { visit: CareVisitSnapshot };
    /** A chat message was stored on a visit: `to` is the other side's account. */
    'care.messageSent': { visitId: string; to: string };
  }
}

export const careEventNames = {
  queueChanged: 'care.queueChanged',
  visitChanged: 'care.visitChanged',
  visitClaimed: 'care.visitClaimed',
  messageSent: 'care.messageSent',
} as const;

/**
 * Care's events (platform/events.ts). Emitted by the care and clinic services after a change is
 * stored; the care notifier turns them into socket pushes. Ids and states only.
 */
declare module '../../platform/events' {
  interface AppEvents {
    /** A state's line of waiting visits changed (joined, left, claimed, duty changed). */
    'care.queueChanged': { state: string };
    /** One visit changed (claimed, ended, cancelled): its patient is told. */
    'care.visitChanged': { visitId: string };
    /** A provider claimed a visit: its account holder is told (notifications). */
    'care.visitClaimed': { visitId: string; accountId: string };
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

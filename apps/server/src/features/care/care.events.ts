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
  }
}

export const careEventNames = {
  queueChanged: 'care.queueChanged',
  visitChanged: 'care.visitChanged',
} as const;

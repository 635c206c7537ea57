/**
 * The Rx visits area's events (platform/events.ts), emitted after a change is stored; the rx
 * notifier turns them into socket pushes. Ids and states only.
 */
declare module '../../platform/events' {
  interface AppEvents {
    /** A state's line of paid visits waiting for review changed (paid, claimed, cancelled). */
    'rx.queueChanged': { state: string };
    /** One Rx visit changed: its patient (updateRxVisit) and its prescriber are told. */
    'rx.visitChanged': { visitId: string };
    /** A message was written on an Rx visit: both sides are told to fetch the messages. */
    'rx.messageSent': { visitId: string };
  }
}

export const rxEventNames = {
  queueChanged: 'rx.queueChanged',
  visitChanged: 'rx.visitChanged',
  messageSent: 'rx.messageSent',
} as const;

import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import type { Socket } from 'socket.io-client';
import { subscribeSession } from './session-store';

/**
 * What auto-logout must know about care without importing the care feature: how many of the
 * account's visits are waiting or in progress (spec section 4: no foreground auto-logoff with a
 * visit in progress) and whether a video call is open (a patient watching their provider is
 * not idle).
 */
let activeVisits = 0;
let openCalls = 0;

subscribeSession(() => {
  activeVisits = 0;
});

export function setActiveVisitCount(count: number): void {
  activeVisits = Math.max(0, count);
}

export function activeVisitCount(): number {
  return activeVisits;
}

export function inCall(): boolean {
  return openCalls > 0;
}

/** How often an open call tells the server the session is in use. */
export const callHeartbeatMs = 60_000;

/**
 * Marks a call open until the returned function is called, and keeps the server session from
 * going idle meanwhile: every minute a `ping` on the call's socket, which the server counts as
 * activity on the session.
 */
export function openCall(socket: Socket | null): () => void {
  openCalls += 1;
  const timer = setInterval(() => {
    if (socket?.connected) socket.emit(realtimeEvents.ping, () => undefined);
  }, callHeartbeatMs);
  return () => {
    openCalls = Math.max(0, openCalls - 1);
    clearInterval(timer);
  };
}

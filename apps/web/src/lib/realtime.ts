import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { currentLanguage } from './i18n';
import { serverOrigin } from './server-origin';
import { clearSessionIfToken, getSession, subscribeSession } from './session-store';
import { retryRefusals } from './socket-refusals';

/**
 * The one real-time connection of this tab (spec section 7: opened manually, with the token —
 * in the handshake's auth payload here, never the URL). It follows the session: a new token
 * reconnects, logging out closes it. A patient who opened the SMS meet link uses a
 * visit-scoped meet token instead (`useMeetSocket`).
 */
let socket: Socket | null = null;
let socketToken: string | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function connect(auth: { token: string } | { meetToken: string }): Socket {
  // The auth payload is read again on every reconnection, so a language switch follows.
  // The page's own server, or the native apps' (lib/server-origin.ts).
  const s = io(serverOrigin() || undefined, {
    path: '/socket.io',
    auth: (cb) => cb({ ...auth, lang: currentLanguage() }),
    transports: ['websocket', 'polling'],
  });
  s.on('connect', emit);
  s.on('disconnect', emit);
  retryRefusals(s, () => {
    // The server does not know this session (expired, revoked): the app forgets it, as after a 401.
    if ('token' in auth) clearSessionIfToken(auth.token);
    emit();
  });
  s.on(realtimeEvents.sessionEnded, () => {
    s.disconnect();
    // The server ended this session (logout elsewhere, a revoked login, expiry): the app
    // forgets it at once, so the screen goes to the login instead of waiting for a 401.
    if ('token' in auth) clearSessionIfToken(auth.token);
  });
  return s;
}

function follow() {
  const token = getSession()?.token ?? null;
  if (token === socketToken) return;
  socket?.disconnect();
  socket = token ? connect({ token }) : null;
  socketToken = token;
  emit();
}

subscribeSession(follow);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session's socket (null when logged out). Re-renders when it connects or drops. */
export function useSocket(): Socket | null {
  follow();
  useSyncExternalStore(subscribe, () => `${socketToken ?? ''}:${socket?.connected ? 1 : 0}`);
  return socket;
}

/** Subscribes to a server event for the component's life; the handler may change freely. */
export function useSocketEvent<T>(
  s: Socket | null,
  event: string,
  handler: (payload: T) => void,
): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!s) return;
    const listener = (payload: T) => ref.current(payload);
    s.on(event, listener);
    return () => {
      s.off(event, listener);
    };
  }, [s, event]);
}

/** A socket for a meet token (the SMS link): its own connection, closed on unmount. */
export function createMeetSocket(meetToken: string): Socket {
  return connect({ meetToken });
}

import { realtimeUnauthorized } from '@apothecall/domain/realtime/realtime.events';
import type { Socket } from 'socket.io-client';

/** The wait before asking again after a refusal: 1 s, doubled each time, at most 30 s. */
export const refusedRetryMs = (attempt: number): number => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * What a socket does when the server refuses its handshake. socket.io tries again by itself
 * after a transport failure (the socket stays `active`), but not after a refusal by the server's
 * middleware: then nothing would ever connect, and the screen would wait for pushes that never
 * come. Refused as `unauthorized` (the session or meet link is not valid any more), the app is
 * told (`onUnauthorized`), as a 401 would; refused for any other reason (`unavailable`: the
 * server could not check), it asks again, later each time, until it connects or is closed.
 */
export function retryRefusals(
  s: Socket,
  onUnauthorized: () => void,
  delay: (attempt: number) => number = refusedRetryMs,
): void {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  s.on('connect', () => {
    attempt = 0;
  });
  s.on('connect_error', (error: Error) => {
    if (s.active || closed) return;
    if (error.message === realtimeUnauthorized) {
      onUnauthorized();
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!closed) s.connect();
    }, delay(attempt++));
  });
  // A socket closed on purpose (logout, a new token, a screen left) is not asked for again.
  const disconnect = s.disconnect.bind(s);
  s.disconnect = () => {
    closed = true;
    clearTimeout(timer);
    return disconnect();
  };
}

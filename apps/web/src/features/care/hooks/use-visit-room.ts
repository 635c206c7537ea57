import {
  type JoinVisit,
  joinVisitAckSchema,
  realtimeEvents,
} from '@apothecall/domain/realtime/realtime.events';
import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import type { RoomInfo } from './visit-call-controller';

export interface VisitRoom {
  status: 'connecting' | 'joining' | 'joined' | 'refused' | 'left';
  room: RoomInfo | null;
  /** The server's refusal, already in the socket's language. */
  error: string | null;
}

const joinTimeoutMs = 8_000;
const retryAfterMs = 2_000;

/**
 * Being in the visit's room: joinVisit (with ack) once connected and again after every
 * reconnect (the server forgets rooms with the connection), leaveVisit on unmount. `onJoined`
 * runs straight from the ack, before any later event of the room is handled.
 *
 * Declare this hook after the hooks that listen to the room's events (the join is emitted in
 * an effect; effects run in declaration order, a child's before its parent's).
 */
export function useVisitRoom(options: {
  socket: Socket | null;
  visitId: string;
  onJoined?: (room: RoomInfo) => void;
  /** false once the person hung up: leave and stay out. */
  active?: boolean;
}): VisitRoom {
  const { socket, visitId, active = true } = options;
  const onJoinedRef = useRef(options.onJoined);
  onJoinedRef.current = options.onJoined;
  const [state, setState] = useState<VisitRoom>({
    status: 'connecting',
    room: null,
    error: null,
  });

  useEffect(() => {
    if (!socket) return;
    if (!active) {
      setState((s) => ({ ...s, status: 'left' }));
      return;
    }
    let disposed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const join = () => {
      if (disposed || !socket.connected) return;
      attempt += 1;
      const mine = attempt;
      setState((s) => ({ ...s, status: 'joining' }));
      const payload: JoinVisit = { visitId };
      socket
        .timeout(joinTimeoutMs)
        .emit(realtimeEvents.joinVisit, payload, (err: Error | null, raw: unknown) => {
          if (disposed || mine !== attempt) return;
          if (err) {
            // No answer: try again while connected (a reconnect joins anyway).
            retry = setTimeout(join, retryAfterMs);
            return;
          }
          const ack = joinVisitAckSchema.safeParse(raw);
          if (!ack.success) {
            setState({ status: 'refused', room: null, error: null });
            return;
          }
          if (!ack.data.ok) {
            setState({ status: 'refused', room: null, error: ack.data.error });
            return;
          }
          const room: RoomInfo = {
            role: ack.data.role,
            self: ack.data.self,
            peers: ack.data.peers,
            iceServers: ack.data.iceServers,
          };
          onJoinedRef.current?.(room);
          setState({ status: 'joined', room, error: null });
        });
    };
    const onDisconnect = () => {
      attempt += 1;
      clearTimeout(retry);
      setState((s) => ({ ...s, status: 'connecting' }));
    };

    socket.on('connect', join);
    socket.on('disconnect', onDisconnect);
    if (socket.connected) join();
    else setState((s) => ({ ...s, status: 'connecting' }));

    return () => {
      disposed = true;
      clearTimeout(retry);
      socket.off('connect', join);
      socket.off('disconnect', onDisconnect);
      if (socket.connected) socket.emit(realtimeEvents.leaveVisit, { visitId });
    };
  }, [socket, visitId, active]);

  return state;
}

import {
  type PeerEvent,
  type RelayedSignal,
  realtimeEvents,
  type VisitRole,
} from '@apothecall/domain/realtime/realtime.events';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import type { LocalMedia } from './local-media';
import {
  CallController,
  type CallSnapshot,
  initialCallSnapshot,
  type RoomInfo,
} from './visit-call-controller';

/** How long the camera question may hold the call back before it connects without it. */
const mediaWaitMs = 10_000;

/**
 * The call's peer connection for a visit, for the component's life (visit-call-controller.ts
 * negotiates it; use-local-media.ts opens the camera it sends). Subscribe before joining:
 * `joinedRoom` is called with each joinVisit ack (first join and every re-join after a
 * reconnect).
 */
export function useWebRtc(options: {
  socket: Socket | null;
  visitId: string;
  role: VisitRole;
  media: LocalMedia;
  /** false after hanging up: no connection. */
  active?: boolean;
}) {
  const { socket, visitId, role, media, active = true } = options;
  const [snapshot, setSnapshot] = useState<CallSnapshot>(initialCallSnapshot);
  const controllerRef = useRef<CallController | null>(null);
  const mediaRef = useRef(media);
  mediaRef.current = media;

  useEffect(() => {
    if (!socket || !active) return;
    const controller = new CallController(socket, visitId, role, setSnapshot);
    controllerRef.current = controller;
    const current = mediaRef.current;
    if (current.status === 'ready' || current.status === 'failed') {
      controller.setLocalStream(current.stream);
    }
    // A permission prompt left open must not hold the call back: after a while connect
    // without the camera; it is added when it comes.
    const timer = setTimeout(() => controller.mediaTimedOut(), mediaWaitMs);
    const onSignal = (s: RelayedSignal) => controller.signal(s);
    const onJoined = (e: PeerEvent) => controller.peerJoined(e);
    const onLeft = (e: PeerEvent) => controller.peerLeft(e);
    socket.on(realtimeEvents.signal, onSignal);
    socket.on(realtimeEvents.peerJoined, onJoined);
    socket.on(realtimeEvents.peerLeft, onLeft);
    return () => {
      clearTimeout(timer);
      socket.off(realtimeEvents.signal, onSignal);
      socket.off(realtimeEvents.peerJoined, onJoined);
      socket.off(realtimeEvents.peerLeft, onLeft);
      controller.close();
      if (controllerRef.current === controller) controllerRef.current = null;
      setSnapshot(initialCallSnapshot);
    };
  }, [socket, visitId, role, active]);

  useEffect(() => {
    if (media.status === 'ready' || media.status === 'failed')
      controllerRef.current?.setLocalStream(media.stream);
  }, [media.status, media.stream]);

  const joinedRoom = useCallback((room: RoomInfo) => controllerRef.current?.joinedRoom(room), []);
  const hangUp = useCallback(() => controllerRef.current?.hangUp(), []);

  return { ...snapshot, joinedRoom, hangUp };
}

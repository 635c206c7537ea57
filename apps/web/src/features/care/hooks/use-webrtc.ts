import {
  type IceServer,
  type PeerEvent,
  type RelayedSignal,
  realtimeEvents,
  type SignalInput,
  type VisitRole,
} from '@apothecall/domain/realtime/realtime.events';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';

/**
 * The WebRTC side of a visit call, with the "perfect negotiation" pattern: either side may
 * (re)start the negotiation at any time; on an offer collision the impolite side (provider)
 * ignores the incoming offer and the polite side (patient) rolls its own back. When the other
 * side joins (peerJoined, or joinVisit reports peers already there) the old RTCPeerConnection
 * is dropped and a fresh one offers, so a reload on either side recovers the call. A connection
 * still not up after 10-14 s is restarted on both sides (signal kind 'restart').
 */

export type MediaProblem = 'denied' | 'notFound' | 'inUse' | 'insecure' | 'other';

export interface LocalMedia {
  /** off: not asked (the call is not active). */
  status: 'off' | 'pending' | 'ready' | 'failed';
  stream: MediaStream | null;
  problem: MediaProblem | null;
  /** True when no camera was found and the call went on with the microphone only. */
  audioOnly: boolean;
}

export function classifyMediaError(error: unknown): MediaProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    default:
      return 'other';
  }
}

async function openCamera(): Promise<{ stream: MediaStream; audioOnly: boolean }> {
  const devices = globalThis.navigator?.mediaDevices;
  if (!devices?.getUserMedia) {
    throw new DOMException('getUserMedia unavailable', 'InsecureContext');
  }
  try {
    return { stream: await devices.getUserMedia({ video: true, audio: true }), audioOnly: false };
  } catch (error) {
    // No camera: a visit can still go on by voice.
    if (classifyMediaError(error) !== 'notFound') throw error;
    return { stream: await devices.getUserMedia({ audio: true }), audioOnly: true };
  }
}

/**
 * The camera and microphone for the component's life (tracks stopped on unmount). `retry`
 * asks again, e.g. after the person allowed the camera in the browser's settings.
 */
export function useLocalMedia(enabled = true): LocalMedia & { retry: () => void } {
  const [media, setMedia] = useState<LocalMedia>({
    status: 'pending',
    stream: null,
    problem: null,
    audioOnly: false,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // attempt is the trigger of a new request.
    void attempt;
    if (!enabled) {
      setMedia({ status: 'off', stream: null, problem: null, audioOnly: false });
      return;
    }
    let cancelled = false;
    let opened: MediaStream | null = null;
    setMedia({ status: 'pending', stream: null, problem: null, audioOnly: false });
    openCamera().then(
      ({ stream, audioOnly }) => {
        if (cancelled) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        opened = stream;
        setMedia({ status: 'ready', stream, problem: null, audioOnly });
      },
      (error: unknown) => {
        if (cancelled) return;
        const insecure = error instanceof DOMException && error.name === 'InsecureContext';
        setMedia({
          status: 'failed',
          stream: null,
          problem: insecure ? 'insecure' : classifyMediaError(error),
          audioOnly: false,
        });
      },
    );
    return () => {
      cancelled = true;
      if (opened) for (const track of opened.getTracks()) track.stop();
    };
  }, [attempt, enabled]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...media, retry };
}

/** What the room told us when we joined (the joinVisit ack). */
export interface RoomInfo {
  role: VisitRole;
  self: string;
  peers: number;
  iceServers: IceServer[];
}

export interface CallSnapshot {
  /** RTCPeerConnection.connectionState, or 'new' while there is no connection. */
  connectionState: RTCPeerConnectionState;
  /** The other side is in the room (as far as we know). */
  peerPresent: boolean;
  /** The other side hung up or left; cleared when they come back. */
  peerGone: 'hungUp' | 'left' | null;
  remoteStream: MediaStream | null;
  /** Increments each time a fresh RTCPeerConnection is made. */
  generation: number;
}

const initialSnapshot: CallSnapshot = {
  connectionState: 'new',
  peerPresent: false,
  peerGone: null,
  remoteStream: null,
  generation: 0,
};

type SessionDescriptionJson = { type: RTCSdpType; sdp?: string };

/** WebRTC's dictionaries are plain JSON objects (optional fields are simply absent). */
const asJson = (value: object): SignalInput['payload'] => value as SignalInput['payload'];

function isDescription(payload: unknown): payload is SessionDescriptionJson {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { type?: unknown }).type === 'string'
  );
}

/**
 * The imperative part: one per (socket, visit). Every event goes through one promise chain, so
 * descriptions and candidates are applied in the order they arrived.
 */
class CallController {
  private pc: RTCPeerConnection | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  private chain: Promise<void> = Promise.resolve();
  private iceServers: RTCIceServer[] = [];
  private localStream: MediaStream | null = null;
  private closed = false;
  private snapshot: CallSnapshot = initialSnapshot;
  private resolveReady: () => void = () => {};
  /** Resolves once we have joined and the camera question is settled (yes or no). */
  private readonly ready: Promise<void>;
  private joined = false;
  private mediaSettled = false;
  /** When the current RTCPeerConnection was made (for the stuck-connection watchdog). */
  private startedAt = 0;
  private readonly watchdog: ReturnType<typeof setInterval>;

  constructor(
    private readonly socket: Socket,
    private readonly visitId: string,
    private readonly role: VisitRole,
    private readonly onChange: (s: CallSnapshot) => void,
  ) {
    this.ready = new Promise((resolve) => {
      this.resolveReady = resolve;
    });
    // A connection that does not come up (a lost offer, a page that reloaded mid-negotiation,
    // a network change) is started afresh on both sides. The two sides wait different times
    // so they do not restart in step.
    const stuckAfterMs = role === 'provider' ? 10_000 : 14_000;
    this.watchdog = setInterval(() => {
      const pc = this.pc;
      if (this.closed || !pc || !this.snapshot.peerPresent) return;
      if (pc.connectionState === 'connected') return;
      if (Date.now() - this.startedAt < stuckAfterMs) return;
      this.enqueue(() => {
        if (this.pc !== pc || pc.connectionState === 'connected') return;
        this.send('restart', null);
        this.startConnection(true);
      });
    }, 2_000);
  }

  private get polite(): boolean {
    return this.role === 'patient';
  }

  private set(patch: Partial<CallSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    if (!this.closed) this.onChange(this.snapshot);
  }

  private checkReady() {
    if (this.joined && this.mediaSettled) this.resolveReady();
  }

  private enqueue(task: () => Promise<void> | void) {
    this.chain = this.chain
      .then(async () => {
        await this.ready;
        if (!this.closed) await task();
      })
      .catch((error: unknown) => {
        console.warn('visit call: signalling step failed', error);
      });
  }

  private send(kind: SignalInput['kind'], payload: SignalInput['payload']) {
    const signal: SignalInput = { visitId: this.visitId, kind, payload };
    this.socket.emit(realtimeEvents.signal, signal);
  }

  /** The camera settled: a stream, or null when it could not be opened. */
  setLocalStream(stream: MediaStream | null) {
    const previous = this.localStream;
    this.localStream = stream;
    this.mediaSettled = true;
    this.checkReady();
    const pc = this.pc;
    if (!pc || pc.signalingState === 'closed' || !stream || stream === previous) return;
    // A camera that became available mid-call: send it (renegotiates by itself).
    for (const track of stream.getTracks()) {
      const sender = pc.getSenders().find((s) => s.track?.kind === track.kind);
      if (sender) void sender.replaceTrack(track);
      else pc.addTrack(track, stream);
    }
  }

  /** Stop waiting for the camera (the permission prompt is still open): connect without it. */
  mediaTimedOut() {
    this.mediaSettled = true;
    this.checkReady();
  }

  joinedRoom(room: RoomInfo) {
    this.iceServers = room.iceServers as RTCIceServer[];
    this.joined = true;
    this.checkReady();
    this.enqueue(() => {
      if (room.peers > 0) {
        this.startConnection(true);
        this.set({ peerPresent: true, peerGone: null });
      } else {
        this.dropConnection();
        this.set({ peerPresent: false });
      }
    });
  }

  peerJoined(event: PeerEvent) {
    if (event.visitId !== this.visitId || event.role === this.role) return;
    this.enqueue(() => {
      // The other side is new (first arrival or a reload): start over with a fresh connection.
      this.startConnection(true);
      this.set({ peerPresent: true, peerGone: null });
    });
  }

  peerLeft(event: PeerEvent) {
    if (event.visitId !== this.visitId || event.role === this.role) return;
    this.enqueue(() => {
      this.dropConnection();
      this.set({
        peerPresent: false,
        peerGone: this.snapshot.peerGone === 'hungUp' ? 'hungUp' : 'left',
      });
    });
  }

  signal(signal: RelayedSignal) {
    if (signal.visitId !== this.visitId || signal.from === this.role) return;
    this.enqueue(() => this.handleSignal(signal));
  }

  private async handleSignal(signal: RelayedSignal) {
    if (signal.kind === 'restart') {
      this.startConnection(true);
      this.set({ peerPresent: true, peerGone: null });
      return;
    }
    if (signal.kind === 'hangup') {
      this.dropConnection();
      this.set({ peerPresent: false, peerGone: 'hungUp' });
      return;
    }
    if (signal.kind === 'ice') {
      if (!this.pc || signal.payload === null) return;
      try {
        await this.pc.addIceCandidate(signal.payload as RTCIceCandidateInit);
      } catch (error) {
        if (!this.ignoreOffer) throw error;
      }
      return;
    }
    const description = signal.payload;
    if (!isDescription(description)) return;
    if (!this.pc) {
      // An offer from a side we had not seen yet (it was there first): answer it.
      if (description.type !== 'offer') return;
      this.startConnection(false);
      this.set({ peerPresent: true, peerGone: null });
    }
    const pc = this.pc as unknown as RTCPeerConnection;
    const offerCollision =
      description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
    this.ignoreOffer = !this.polite && offerCollision;
    if (this.ignoreOffer) return;
    await pc.setRemoteDescription(description);
    if (description.type === 'offer') {
      await pc.setLocalDescription();
      const local = pc.localDescription;
      if (local) this.send('answer', asJson({ type: local.type, sdp: local.sdp }));
    }
  }

  /** A fresh RTCPeerConnection; `offer` adds receive-only lines when we have no camera. */
  private startConnection(offer: boolean) {
    this.dropConnection();
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const remote = new MediaStream();
    this.pc = pc;
    this.startedAt = Date.now();
    this.makingOffer = false;
    this.ignoreOffer = false;

    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        const local = pc.localDescription;
        if (local && this.pc === pc) {
          this.send(
            local.type === 'offer' ? 'offer' : 'answer',
            asJson({ type: local.type, sdp: local.sdp }),
          );
        }
      } catch (error) {
        console.warn('visit call: could not make an offer', error);
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate && this.pc === pc) this.send('ice', asJson(candidate.toJSON()));
    };
    pc.ontrack = ({ track }) => {
      if (this.pc !== pc) return;
      for (const old of remote.getTracks()) {
        if (old.kind === track.kind) remote.removeTrack(old);
      }
      remote.addTrack(track);
      // A new MediaStream object makes the video element pick the change up.
      this.set({ remoteStream: new MediaStream(remote.getTracks()) });
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      if (pc.connectionState === 'failed') pc.restartIce();
      this.set({ connectionState: pc.connectionState });
    };

    const stream = this.localStream;
    if (stream && stream.getTracks().length > 0) {
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
      if (offer && !stream.getVideoTracks().length) {
        pc.addTransceiver('video', { direction: 'recvonly' });
      }
    } else if (offer) {
      pc.addTransceiver('audio', { direction: 'recvonly' });
      pc.addTransceiver('video', { direction: 'recvonly' });
    }
    this.set({
      connectionState: pc.connectionState,
      remoteStream: null,
      generation: this.snapshot.generation + 1,
    });
  }

  private dropConnection() {
    const pc = this.pc;
    if (!pc) return;
    this.pc = null;
    pc.onnegotiationneeded = null;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.onconnectionstatechange = null;
    pc.close();
    this.set({ connectionState: 'new', remoteStream: null });
  }

  /** Our hang-up: tell the other side, then close. */
  hangUp() {
    this.send('hangup', null);
    this.close();
  }

  close() {
    clearInterval(this.watchdog);
    this.dropConnection();
    this.closed = true;
    this.resolveReady();
  }
}

const mediaWaitMs = 10_000;

/**
 * The call's peer connection for a visit. Subscribe before joining: `joinedRoom` is called
 * with each joinVisit ack (first join and every re-join after a reconnect).
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
  const [snapshot, setSnapshot] = useState<CallSnapshot>(initialSnapshot);
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
      setSnapshot(initialSnapshot);
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

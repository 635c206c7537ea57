import {
  type IceServer,
  type PeerEvent,
  type RelayedSignal,
  realtimeEvents,
  type SignalInput,
  type VisitRole,
} from '@apothecall/domain/realtime/realtime.events';
import type { Socket } from 'socket.io-client';
import { asJson, isDescription } from './call-signal';

/**
 * The WebRTC side of a visit call, with the "perfect negotiation" pattern: either side may
 * (re)start the negotiation at any time; on an offer collision the impolite side (provider)
 * ignores the incoming offer and the polite side (patient) rolls its own back. When the other
 * side joins (peerJoined, or joinVisit reports peers already there) the old RTCPeerConnection
 * is dropped and a fresh one offers, so a reload on either side recovers the call. A connection
 * still not up after 10-14 s is restarted on both sides (signal kind 'restart').
 */

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

export const initialCallSnapshot: CallSnapshot = {
  connectionState: 'new',
  peerPresent: false,
  peerGone: null,
  remoteStream: null,
  generation: 0,
};

/**
 * The imperative part: one per (socket, visit). Every event goes through one promise chain, so
 * descriptions and candidates are applied in the order they arrived.
 */
export class CallController {
  private pc: RTCPeerConnection | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  private chain: Promise<void> = Promise.resolve();
  private iceServers: RTCIceServer[] = [];
  private localStream: MediaStream | null = null;
  private closed = false;
  private snapshot: CallSnapshot = initialCallSnapshot;
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

import { z } from 'zod';
import { idSchema } from '../common/common.schemas';
import { messageSchema } from '../messaging/messaging.schemas';

/**
 * Socket.io contract shared by server and web. The client authenticates in the handshake's
 * `auth` payload — a session token ({ token }) or, for a patient who opened the one-time SMS
 * link, a visit-scoped meet token ({ meetToken }) — never in the URL.
 */
export const handshakeAuthSchema = z.union([
  z.object({ token: z.string().min(1).max(200), lang: z.string().max(5).optional() }),
  z.object({ meetToken: z.string().min(1).max(200), lang: z.string().max(5).optional() }),
]);

/** Every socket event of the product, in one registry (server and web use these names). */
export const realtimeEvents = {
  /** Client -> server with acknowledgement: proves the connection is authenticated. */
  ping: 'ping',
  /** Client -> server with ack (JoinVisitAck): enter a visit's room (patient or its provider). */
  joinVisit: 'joinVisit',
  /** Client -> server: leave the visit's room (hang up). */
  leaveVisit: 'leaveVisit',
  /** Both ways: WebRTC signalling, relayed by the server to the other side of the visit. */
  signal: 'signal',
  /** Server -> room: someone joined or left (the other side renegotiates). */
  peerJoined: 'peerJoined',
  peerLeft: 'peerLeft',
  /** Client -> server with ack (MessageAckResult); server -> room with the stored Message. */
  message: 'message',
  /** Client -> server: I have this message; server -> room with the updated Message. */
  messageReceived: 'messageReceived',
  /** Server -> the joining socket: the visit's conversation so far. */
  allMessages: 'allMessages',
  /** Server -> patient: a visit of theirs changed (place, wait, claimed, ended). */
  visitUpdate: 'visitUpdate',
  /** Server -> providers licensed in a state: its queue changed; fetch it again. */
  queueChanged: 'queueChanged',
  /** Server -> patient: a prescription visit of theirs changed (rx/rx-visits.api RxVisitUpdate). */
  updateRxVisit: 'updateRxVisit',
  /** Server -> prescribers licensed in a state: its Rx review line changed; fetch it again. */
  rxQueueChanged: 'rxQueueChanged',
  /** Server -> a pharmacy's staff: a visit on its dashboard moved ({ state: pharmacy id }). */
  pharmacyQueueChanged: 'pharmacyQueueChanged',
  /** Server -> an Rx visit's patient and prescriber: a message was written ({ visitId }). */
  rxMessage: 'rxMessage',
  /** Server -> a socket whose session ended (logout, revoke, expiry): it is then disconnected. */
  sessionEnded: 'sessionEnded',
} as const;

export const pingAckSchema = z.object({ ok: z.literal(true), at: z.string() });
export type PingAck = z.infer<typeof pingAckSchema>;

/** Error message the server uses to refuse a handshake (connect_error): unknown credentials. */
export const realtimeUnauthorized = 'unauthorized';

/**
 * Error message of a handshake the server could not check (its database did not answer): the
 * credentials are not known to be bad, so the client keeps them and tries again later.
 */
export const realtimeUnavailable = 'unavailable';

export const visitRoles = ['patient', 'provider'] as const;
export type VisitRole = (typeof visitRoles)[number];

/** An ICE server handed to RTCPeerConnection (STUN/TURN, from server configuration). */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const joinVisitSchema = z.object({ visitId: idSchema });
export type JoinVisit = z.infer<typeof joinVisitSchema>;

/** The ack of joinVisit. `peers` counts the other side's sockets already in the room. */
export const joinVisitAckSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    role: z.enum(visitRoles),
    /** The account id this socket speaks as (the message `owner`). */
    self: idSchema,
    peers: z.number().int().nonnegative(),
    iceServers: z.array(iceServerSchema),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type JoinVisitAck = z.infer<typeof joinVisitAckSchema>;

/**
 * WebRTC signalling: SDP offer/answer, ICE candidate, hang-up, or restart (the sender found the
 * connection stuck, dropped it and starts a fresh one: the receiver does the same); payload is
 * opaque JSON.
 */
export const signalKinds = ['offer', 'answer', 'ice', 'hangup', 'restart'] as const;
/** RTCSessionDescriptionInit, bounded (an SDP is a few kilobytes). */
export const sessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().max(100_000).optional(),
});
/** RTCIceCandidateInit, bounded. */
export const iceCandidateSchema = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(100).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(1_000).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
/**
 * Fixed shapes, never free JSON: an arbitrarily nested payload must not reach a recursive
 * validator (a deeply nested value would exhaust the stack).
 */
export const signalSchema = z.object({
  visitId: idSchema,
  kind: z.enum(signalKinds),
  /** A description for offer/answer, a candidate for ice, null for hangup and restart. */
  payload: z.union([sessionDescriptionSchema, iceCandidateSchema, z.null()]).default(null),
});
export type SignalInput = z.input<typeof signalSchema>;
/** What the other side receives: the signal plus who sent it. */
export const relayedSignalSchema = signalSchema.extend({ from: z.enum(visitRoles) });
export type RelayedSignal = z.infer<typeof relayedSignalSchema>;

export const peerEventSchema = z.object({ visitId: idSchema, role: z.enum(visitRoles) });
export type PeerEvent = z.infer<typeof peerEventSchema>;

/**
 * The ack of a 'message' emit. ok:true only after the message is stored (a message the
 * server acknowledged is never lost); ok:false carries a catalogue message in the socket's
 * language. No ack at all (timeout) means "not stored": the client may resend with the same
 * clientId, which the server de-duplicates.
 */
export const messageAckResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: messageSchema }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type MessageAckResult = z.infer<typeof messageAckResultSchema>;

export const allMessagesSchema = z.object({
  visitId: idSchema,
  messages: z.array(messageSchema),
});
export type AllMessages = z.infer<typeof allMessagesSchema>;

/** The longest visit chat message, in characters (care.message.tooLong). */
export const chatTextMax = 2_000;

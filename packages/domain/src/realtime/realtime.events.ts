import { z } from 'zod';

/**
 * Socket.io contract shared by server and web. The client authenticates in the handshake's
 * `auth` payload ({ token }), never in the URL. Later areas (messaging, care, rx) add their
 * events here.
 */
export const handshakeAuthSchema = z.object({ token: z.string().min(1).max(200) });

export const realtimeEvents = {
  /** Client -> server with acknowledgement: proves the connection is authenticated. */
  ping: 'ping',
} as const;

export const pingAckSchema = z.object({ ok: z.literal(true), at: z.string() });
export type PingAck = z.infer<typeof pingAckSchema>;

/** Error message the server uses to refuse a handshake (connect_error). */
export const realtimeUnauthorized = 'unauthorized';

import { describe, expect, it } from 'vitest';
import { handshakeAuthSchema, joinVisitAckSchema, signalSchema } from './realtime.events';

const visitId = '5f0c6f7e-3a2b-4c1d-9e8f-0a1b2c3d4e5f';

describe('realtime contract', () => {
  it('accepts the WebRTC shapes and nothing else as a signal payload', () => {
    expect(
      signalSchema.safeParse({ visitId, kind: 'offer', payload: { type: 'offer', sdp: 'v=0' } })
        .success,
    ).toBe(true);
    expect(
      signalSchema.safeParse({
        visitId,
        kind: 'ice',
        payload: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' },
      }).success,
    ).toBe(true);
    expect(signalSchema.parse({ visitId, kind: 'restart' }).payload).toBeNull();
    // Free or deeply nested JSON is refused without walking it.
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(signalSchema.safeParse({ visitId, kind: 'offer', payload: deep }).success).toBe(false);
    expect(
      signalSchema.safeParse({
        visitId,
        kind: 'offer',
        payload: { type: 'offer', sdp: 'x'.repeat(100_001) },
      }).success,
    ).toBe(false);
  });

  it('takes a session token or a meet token in the handshake, never both missing', () => {
    expect(handshakeAuthSchema.safeParse({ token: 'abc', lang: 'es' }).success).toBe(true);
    expect(handshakeAuthSchema.safeParse({ meetToken: 'abc' }).success).toBe(true);
    expect(handshakeAuthSchema.safeParse({}).success).toBe(false);
  });

  it('answers joinVisit with a role and ICE servers, or an error', () => {
    expect(
      joinVisitAckSchema.safeParse({
        ok: true,
        role: 'provider',
        self: visitId,
        peers: 1,
        iceServers: [{ urls: 'stun:stun.example.org:3478' }],
      }).success,
    ).toBe(true);
    expect(joinVisitAckSchema.safeParse({ ok: false, error: 'Not found.' }).success).toBe(true);
  });
});

import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  listen,
  login,
  socketFor,
  startTestApp,
  type TestApp,
} from '../../test/harness';

describe.each(databaseKinds)('real-time channel on %s', (kind) => {
  const redisUrl = process.env.REDIS_URL;
  let a: TestApp;
  let b: TestApp | undefined;
  beforeAll(async () => {
    const env: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};
    a = await startTestApp(kind, env);
    await listen(a);
    if (redisUrl) {
      b = await startTestApp(kind, env, { database: a.database });
      await listen(b);
    }
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('accepts the session token in the handshake auth payload and answers with an ack', async () => {
    const token = await login(a);
    const socket = await socketFor(a, { token });
    const ack = await socket.timeout(5_000).emitWithAck(realtimeEvents.ping);
    expect(ack).toMatchObject({ ok: true });
    socket.close();
  });

  it('refuses a missing or unknown token', async () => {
    await expect(socketFor(a, {})).rejects.toThrow('unauthorized');
    await expect(socketFor(a, { token: 'x'.repeat(43) })).rejects.toThrow('unauthorized');
  });

  it('keeps a session in use by its socket alive, and drops a socket whose session went idle', async () => {
    const busy = await login(a);
    const idle = await login(a);
    const busySocket = await socketFor(a, { token: busy });
    const idleSocket = await socketFor(a, { token: idle });
    const ping = (s: Socket) => s.timeout(2_000).emitWithAck(realtimeEvents.ping);
    // Ten minutes pass; only the busy socket says it is in use (a call's heartbeat).
    a.advance(10 * 60_000);
    expect(await ping(busySocket)).toMatchObject({ ok: true });
    // Another ten: 20 minutes in all, past the 15-minute idle limit for the quiet session.
    a.advance(10 * 60_000);
    const profile = (token: string) =>
      a.fastify.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) });
    expect((await profile(busy)).statusCode).toBe(200);
    const ended = new Promise<void>((resolve) => idleSocket.once('disconnect', () => resolve()));
    const told = new Promise<void>((resolve) =>
      idleSocket.once(realtimeEvents.sessionEnded, () => resolve()),
    );
    idleSocket.emit(realtimeEvents.ping, () => undefined);
    await told;
    await ended;
    expect((await profile(idle)).statusCode).toBe(401);
    busySocket.close();
  });

  it('drops a socket that only listens once its session is idle, with no packet from it', async () => {
    const quick = await startTestApp(
      kind,
      { SOCKET_RECHECK_SECONDS: '1' },
      { database: a.database },
    );
    try {
      await listen(quick);
      const token = await login(quick);
      const first = await socketFor(quick, { token });
      const second = await socketFor(quick, { token });
      const told = Promise.all(
        [first, second].map(
          (s) =>
            new Promise<void>((resolve) => s.once(realtimeEvents.sessionEnded, () => resolve())),
        ),
      );
      const ended = Promise.all(
        [first, second].map(
          (s) => new Promise<void>((resolve) => s.once('disconnect', () => resolve())),
        ),
      );
      quick.advance(20 * 60_000);
      await told;
      await ended;
    } finally {
      await quick.close();
    }
  });

  it('refuses a token after logout', async () => {
    const token = await login(a);
    await a.fastify.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    await expect(socketFor(a, { token })).rejects.toThrow('unauthorized');
  });

  // Registered only where Redis is configured (CI sets REDIS_URL), like the PostgreSQL runs.
  if (redisUrl)
    it('delivers events across processes through the Redis adapter', async () => {
      const token = await login(a);
      const profile = await a.fastify.inject({
        method: 'GET',
        url: '/api/account/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      const accountId = profile.json().profile.id as string;
      const socket = await socketFor(b!, { token });
      const received = new Promise((resolve) => socket.once('test-event', resolve));
      // Emitted on instance A, delivered to a client connected to instance B.
      a.realtime.io.to(`account:${accountId}`).emit('test-event', { hello: 'from-a' });
      await expect(received).resolves.toEqual({ hello: 'from-a' });
      socket.close();
    });
});

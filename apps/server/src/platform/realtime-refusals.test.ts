import type { AddressInfo } from 'node:net';
import {
  realtimeUnauthorized,
  realtimeUnavailable,
} from '@apothecall/domain/realtime/realtime.events';
import Fastify from 'fastify';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { only } from '../../test/fakes';
import { attachRealtime } from './realtime';
import type { SessionsService } from './sessions/sessions.service';

/**
 * A handshake the server could not check is not a bad session: the web forgets its session on
 * `unauthorized` (as after a 401), so a database that did not answer must not say that.
 */
describe('a handshake the server refuses', () => {
  const fastify = Fastify();
  let url = '';
  beforeAll(async () => {
    const sessions = only<SessionsService>({
      resolve: async (token) => {
        if (token === 'down') throw new Error('connection terminated');
        return { ok: false, reason: 'unknown' };
      },
      onRevoked: () => undefined,
    });
    attachRealtime(fastify, {
      sessions,
      redisUrl: undefined,
      resolveMeetToken: async (token) => {
        if (token === 'down') throw new Error('connection terminated');
        return null;
      },
    });
    await fastify.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fastify.close();
  });

  /** The refusal's message, from a real socket.io client. */
  function refusal(auth: Record<string, string>): Promise<string> {
    const socket = io(url, { path: '/socket.io', auth, transports: ['websocket'] });
    return new Promise((resolve, reject) => {
      socket.on('connect', () => {
        socket.close();
        reject(new Error('connected'));
      });
      socket.on('connect_error', (error) => {
        socket.close();
        resolve(error.message);
      });
    });
  }

  it('says unauthorized for credentials it read and does not know', async () => {
    expect(await refusal({ token: 'x'.repeat(43) })).toBe(realtimeUnauthorized);
    expect(await refusal({ meetToken: 'x'.repeat(43) })).toBe(realtimeUnauthorized);
  });

  it('says unavailable when it could not read them', async () => {
    expect(await refusal({ token: 'down' })).toBe(realtimeUnavailable);
    expect(await refusal({ meetToken: 'down' })).toBe(realtimeUnavailable);
  });
});

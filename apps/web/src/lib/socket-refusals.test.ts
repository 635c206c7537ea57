import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  realtimeUnauthorized,
  realtimeUnavailable,
} from '@apothecall/domain/realtime/realtime.events';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedRetryMs, retryRefusals } from './socket-refusals';

/** A real socket.io server on loopback whose handshake answer each test sets. */
let server: Server;
let url = '';
let answer: 'ok' | typeof realtimeUnauthorized | typeof realtimeUnavailable = 'ok';
let handshakes = 0;

beforeAll(async () => {
  const http = createServer();
  server = new Server(http);
  server.use((_socket, next) => {
    handshakes += 1;
    next(answer === 'ok' ? undefined : new Error(answer));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
});

function socket(onUnauthorized: () => void): Socket {
  const s = connect(url, { transports: ['websocket'], reconnection: true });
  retryRefusals(s, onUnauthorized, () => 20);
  return s;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a socket whose handshake the server refuses', () => {
  it('tells the app once when refused as unauthorized, and asks no more', async () => {
    answer = realtimeUnauthorized;
    handshakes = 0;
    let told = 0;
    const s = socket(() => {
      told += 1;
    });
    await expect.poll(() => told).toBe(1);
    await settle(150);
    expect({ told, handshakes, connected: s.connected }).toEqual({
      told: 1,
      handshakes: 1,
      connected: false,
    });
    s.disconnect();
  });

  it('asks again while the server cannot check, and connects once it can', async () => {
    answer = realtimeUnavailable;
    handshakes = 0;
    let told = 0;
    const s = socket(() => {
      told += 1;
    });
    await expect.poll(() => handshakes).toBeGreaterThanOrEqual(3);
    answer = 'ok';
    await expect.poll(() => s.connected).toBe(true);
    expect(told).toBe(0);
    s.disconnect();
  });

  it('is not asked for again once closed on purpose', async () => {
    answer = realtimeUnavailable;
    handshakes = 0;
    const s = socket(() => undefined);
    // Closed as the first refusal arrives, after retryRefusals has planned its next try.
    s.once('connect_error', () => s.disconnect());
    await expect.poll(() => handshakes).toBe(1);
    await settle(150);
    expect(handshakes).toBe(1);
  });

  it('waits longer after each refusal, up to half a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(refusedRetryMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

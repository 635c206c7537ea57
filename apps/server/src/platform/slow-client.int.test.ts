import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, login, startTestApp, type TestApp } from '../../test/harness';

/**
 * A slow client cannot hold the database: PGlite is one connection that every
 * request shares, so nothing may wait on a client while holding it. Request bodies are read
 * before a handler runs and uploads stream to the file store before any statement, so a client
 * trickling an upload (and one that sends half a request and stops) leaves everyone else served.
 */
describe.each(databaseKinds)('a slow client on %s', (kind) => {
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.fastify.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.fastify.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps serving others while one upload trickles in and another stalls', async () => {
    const token = await login(t);
    const { port } = t.fastify.server.address() as AddressInfo;
    const boundary = 'slowclientboundary';
    const stalled = connect(port, '127.0.0.1');
    const trickling = connect(port, '127.0.0.1');
    for (const socket of [stalled, trickling]) {
      socket.on('error', () => {});
      socket.write(
        `POST /api/files HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 200000\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
      );
    }
    const drip = setInterval(() => trickling.write('0'.repeat(64)), 20);
    try {
      // While both are open, 20 reads by the same patient are answered.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${base}/api/account/profile`, { headers: { authorization: `Bearer ${token}` } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    } finally {
      clearInterval(drip);
      stalled.destroy();
      trickling.destroy();
    }
  });
});

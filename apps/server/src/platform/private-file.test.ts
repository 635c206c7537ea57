import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  guardPrivateFiles,
  privateFileRoute,
  privateFileRoutes,
  sendPrivateFile,
} from './private-file';

describe('contentDisposition', () => {
  it('names the file twice: an ASCII fallback and the exact UTF-8 name (RFC 6266, 8187)', () => {
    expect(contentDisposition('note-2025-01-05.pdf')).toBe(
      `attachment; filename="note-2025-01-05.pdf"; filename*=UTF-8''note-2025-01-05.pdf`,
    );
    expect(contentDisposition('résumé "x" 100% (1).pdf')).toBe(
      `attachment; filename="r_sum_ _x_ 100_ (1).pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22x%22%20100%25%20%281%29.pdf`,
    );
    expect(contentDisposition('a\r\nb.png', 'inline')).toBe(
      `inline; filename="a__b.png"; filename*=UTF-8''a%0D%0Ab.png`,
    );
  });
});

/**
 * The guard on an app of its own: a route that sends bytes must be a declared download and send
 * them through sendPrivateFile; everything else under /api answers JSON.
 */
describe('guardPrivateFiles', () => {
  const app = Fastify();
  guardPrivateFiles(app);
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  app.get('/api/file', privateFileRoute, (_request, reply) =>
    sendPrivateFile(reply, { body: pdf, contentType: 'application/pdf', filename: 'a.pdf' }),
  );
  app.get('/api/stream', privateFileRoute, (_request, reply) =>
    sendPrivateFile(reply, {
      body: Readable.from([pdf.subarray(0, 4), pdf.subarray(4)]),
      size: pdf.length,
      contentType: 'application/pdf',
      filename: 'a.pdf',
      disposition: 'inline',
    }),
  );
  app.get('/api/stream-unsized', privateFileRoute, (_request, reply) =>
    sendPrivateFile(reply, { body: Readable.from([pdf]), contentType: 'x/y', filename: 'a' }),
  );
  app.get('/api/undeclared', (_request, reply) =>
    sendPrivateFile(reply, { body: pdf, contentType: 'application/pdf', filename: 'a.pdf' }),
  );
  app.get('/api/bytes', (_request, reply) => reply.type('application/pdf').send(pdf));
  app.get('/api/piped', (_request, reply) => reply.type('image/png').send(Readable.from([pdf])));
  app.get('/api/json', async () => ({ error: false }));
  app.get('/api/docs/static/x.js', (_request, reply) => reply.type('text/javascript').send(pdf));
  app.get('/assets/x.js', (_request, reply) => reply.type('text/javascript').send(pdf));

  it('lists the declared downloads', async () => {
    await app.ready();
    expect(privateFileRoutes(app)).toEqual([
      'GET /api/file',
      'GET /api/stream',
      'GET /api/stream-unsized',
    ]);
  });

  it('sends a buffer or a sized stream with the private headers and its length', async () => {
    for (const url of ['/api/file', '/api/stream']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(pdf)).toBe(true);
      expect(answer.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; sandbox",
      });
    }
    expect((await app.inject({ url: '/api/stream' })).headers['content-disposition']).toBe(
      `inline; filename="a.pdf"; filename*=UTF-8''a.pdf`,
    );
  });

  it('refuses a stream of unknown length, and a download the route did not declare', async () => {
    for (const url of ['/api/stream-unsized', '/api/undeclared']) {
      const answer = await app.inject({ url });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 500 });
      expect(answer.headers['content-security-policy']).toBeUndefined();
    }
  });

  it('refuses bytes an /api route sends any other way; JSON, the API docs and pages pass', async () => {
    for (const url of ['/api/bytes', '/api/piped']) {
      const answer = await app.inject({ url });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 500 });
      expect(answer.rawPayload.includes('%PDF')).toBe(false);
    }
    for (const url of ['/api/json', '/api/docs/static/x.js', '/assets/x.js']) {
      expect((await app.inject({ url })).statusCode).toBe(200);
    }
  });
});

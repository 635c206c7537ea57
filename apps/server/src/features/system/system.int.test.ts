import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestApp, type TestApp } from '../../../test/harness';

describe.each(databaseKinds)('system endpoints on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports database reachability', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', databaseKind: kind });
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await t.fastify.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'x-app-params': 'lang=es' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, errorMsg: 'No encontrado.', errorCode: 'NOT_FOUND' });
  });

  it('answers an undecodable path with the error envelope in the request language, echoing nothing', async () => {
    const res = await t.fastify.inject({
      method: 'GET',
      url: '/api/whiteLabel/%ZZ',
      headers: { 'x-app-params': 'lang=es' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: true,
      errorMsg: 'No se pudo leer la solicitud. Inténtelo de nuevo.',
      errorCode: 'BAD_URL',
    });
    expect(res.body).not.toContain('%ZZ');
    expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it('answers an over-long path parameter with the error envelope, echoing nothing', async () => {
    const long = `brand${'x'.repeat(3_000)}`;
    const res = await t.fastify.inject({
      method: 'GET',
      url: `/api/whiteLabel/${long}`,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      error: true,
      errorMsg: 'The request could not be read. Please try again.',
      errorCode: 'URL_TOO_LONG',
    });
    expect(res.body).not.toContain('xxxxxxxxxx');
  });

  it('serves the generated OpenAPI document at /api/docs', async () => {
    const ui = await t.fastify.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const doc = await t.fastify.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/account/token', '/api/account/profile', '/api/health']),
    );
    expect(doc.json().paths['/api/account/token'].post.requestBody).toBeDefined();
    // The device list and its removal, with their schemas.
    expect(paths).toEqual(
      expect.arrayContaining(['/api/account/devices', '/api/account/devices/{id}']),
    );
    expect(doc.json().paths['/api/account/devices'].get.responses['200']).toBeDefined();
    expect(doc.json().paths['/api/account/devices/{id}'].delete.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    expect(doc.json().paths['/api/account/auth-id'].post.requestBody).toBeDefined();
  });

  it('sends security headers with a CSP that allows no inline scripts', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers liveness without asking anything, and readiness after asking the database', async () => {
    const live = await t.fastify.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.fastify.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    // No REDIS_URL: no redis field.
    expect(ready.json()).toEqual({
      status: 'ok',
      failed: [],
      database: 'up',
      migrations: 'applied',
    });
  });

  it('is not ready (503) with a migration missing, nor with the database closed; still live', async () => {
    const other = await startTestApp(kind);
    const ready = () => other.fastify.inject({ method: 'GET', url: '/api/health/ready' });
    // The newest migration's record gone: this build needs a migration the database lacks.
    await other.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const behind = await ready();
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toEqual({
      status: 'unavailable',
      failed: ['migrations'],
      database: 'up',
      migrations: 'pending',
    });

    await other.database.close();
    const closed = await ready();
    expect(closed.statusCode).toBe(503);
    expect(closed.json()).toEqual({
      status: 'unavailable',
      failed: ['database'],
      database: 'down',
      migrations: 'unknown',
    });
    const live = await other.fastify.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    await other.fastify.close();
  });

  it('reports a database that stopped answering as 503', async () => {
    const other = await startTestApp(kind);
    await other.database.close();
    const res = await other.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    await other.fastify.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, get, login, startTestApp, type TestApp } from '../../test/harness';

type Answer = Awaited<ReturnType<TestApp['fastify']['inject']>>;

/**
 * The headers of every answer (issue 34, finding 7), through the whole app, one app per
 * database: Permissions-Policy on every answer; `Cache-Control: no-store` on every API answer
 * and every error, while what is the same for everyone keeps its own caching.
 */
describe.each(databaseKinds)('response headers on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const permissions = (answer: Answer) => String(answer.headers['permissions-policy']);

  it('sends Permissions-Policy and no-store on API answers, errors included', async () => {
    const maria = await login(t);
    const answers: [string, Answer, number][] = [
      ['profile', await get(t, '/api/account/profile', maria), 200],
      ['profile logged out', await t.fastify.inject({ url: '/api/account/profile' }), 401],
      ['unknown route', await get(t, '/api/no-such-call', maria), 404],
      ['undecodable path', await t.fastify.inject({ url: '/api/files/%ZZ' }), 400],
      [
        'invalid body',
        await t.fastify.inject({ method: 'POST', url: '/api/account/token', payload: {} }),
        400,
      ],
      ['health', await t.fastify.inject({ url: '/api/health' }), 200],
      ['brand', await t.fastify.inject({ url: '/api/whiteLabel/auto' }), 200],
    ];
    for (const [what, answer, status] of answers) {
      expect({ what, status: answer.statusCode, cache: answer.headers['cache-control'] }).toEqual({
        what,
        status,
        cache: 'no-store',
      });
      expect(permissions(answer)).toContain('camera=(self), microphone=(self)');
    }
    const policy = permissions(answers[0]![1]).split(', ');
    for (const off of ['geolocation=()', 'payment=()', 'usb=()', 'fullscreen=()']) {
      expect(policy).toContain(off);
    }
    // Nothing is allowed to another origin.
    expect(policy.every((p) => /=\((self)?\)$/.test(p))).toBe(true);
  });

  it('leaves its own caching to what is the same for everyone: the brand manifest', async () => {
    const manifest = await t.fastify.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(permissions(manifest)).toContain('camera=(self)');
  });
});

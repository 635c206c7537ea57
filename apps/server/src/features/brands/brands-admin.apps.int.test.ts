import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, login, startTestApp, type TestApp } from '../../../test/harness';

/**
 * A brand saved on one process, read on another: two whole apps on one database. Over
 * Redis the `brands.changed` event reaches the other process, whose white-label shows the change
 * as soon as the message arrives (milliseconds); without Redis (one process in production) the
 * other app's cache still ends within its 30 seconds.
 */
const modes: { name: string; env: Record<string, string>; redis: boolean }[] = [
  { name: 'over Redis', env: { REDIS_URL: 'redis://127.0.0.1:6379' }, redis: true },
  { name: 'without Redis', env: {}, redis: false },
];

describe.each(databaseKinds)('a brand saved on one of two apps on %s', (kind) => {
  describe.each(modes)('$name', ({ env, redis }) => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp(kind, env);
      b = await startTestApp(kind, env, { database: a.database });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    const whiteLabel = async (app: TestApp) => {
      const res = await app.fastify.inject({
        method: 'GET',
        url: '/api/whiteLabel/auto',
        headers: { host: 'partner.localhost' },
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    it('shows the change on the other app', async () => {
      expect((await whiteLabel(b)).name).toBe('Partner Health');
      const token = await login(a, 'admin@apothecall.test');
      const brand = (
        await a.fastify.inject({
          method: 'GET',
          url: '/api/admin/brands/partner',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().brand;
      const { id: _id, isMain: _main, logoUrl: _logo, ...fields } = brand;
      const name = `Partner Health ${redis ? 'Redis' : 'Local'}`;
      const saved = await a.fastify.inject({
        method: 'PUT',
        url: '/api/admin/brands/partner',
        headers: { authorization: `Bearer ${token}` },
        payload: { ...fields, name },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await whiteLabel(a)).name).toBe(name);
      if (redis) {
        await expect.poll(async () => (await whiteLabel(b)).name, { timeout: 2000 }).toBe(name);
      } else {
        expect((await whiteLabel(b)).name).toBe('Partner Health');
        b.advance(31_000);
        expect((await whiteLabel(b)).name).toBe(name);
      }
    });
  });
});

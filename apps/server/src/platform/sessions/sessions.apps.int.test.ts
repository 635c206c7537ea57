import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, get, login, send, startTestApp, type TestApp } from '../../../test/harness';
import { auditLog } from '../../db/schema/platform';

/**
 * Sessions across processes: two whole apps on one database, as two processes behind
 * a load balancer, with and without Redis. Whatever the hot path caches, a session that ends on
 * one process is refused on its very next request on every process, and every read is audited.
 */
const modes: { name: string; env: Record<string, string> }[] = [
  { name: 'without Redis', env: {} },
  { name: 'over Redis', env: { REDIS_URL: 'redis://127.0.0.1:6379' } },
];

describe.each(databaseKinds)('sessions across two apps on one %s database', (kind) => {
  describe.each(modes)('$name', ({ env }) => {
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

    it('refuses a session logged out on one app on its very next request on the other', async () => {
      const token = await login(a);
      expect((await get(b, '/api/account/profile', token)).statusCode).toBe(200);
      expect((await get(a, '/api/account/profile', token)).statusCode).toBe(200);
      expect((await send(a, 'POST', '/api/account/logout', token)).statusCode).toBe(200);
      const onB = await get(b, '/api/account/profile', token);
      expect(onB.statusCode).toBe(401);
      expect((await get(a, '/api/account/profile', token)).statusCode).toBe(401);
    });

    it('refuses an idle session on its very next request on both apps', async () => {
      const token = await login(a);
      expect((await get(b, '/api/account/profile', token)).statusCode).toBe(200);
      const idleMs = (a.config.session.idleSeconds + 1) * 1000;
      a.advance(idleMs);
      b.advance(idleMs);
      const onB = await get(b, '/api/account/profile', token);
      expect(onB.statusCode).toBe(401);
      expect((await get(a, '/api/account/profile', token)).statusCode).toBe(401);
    });

    it('audits every read: 30 concurrent reads on two apps write 30 rows', async () => {
      const token = await login(a);
      const requestIds = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const response = await get(i % 2 === 0 ? a : b, '/api/account/profile', token);
          expect(response.statusCode).toBe(200);
          return String(response.headers['x-request-id']);
        }),
      );
      // Each answer came after its audit row was committed: no waiting here.
      const rows = await a.database.db
        .select({ requestId: auditLog.requestId })
        .from(auditLog)
        .where(eq(auditLog.action, 'profile.read'));
      const written = new Set(rows.map((r) => r.requestId));
      expect(requestIds.filter((id) => written.has(id))).toHaveLength(30);
    });
  });
});

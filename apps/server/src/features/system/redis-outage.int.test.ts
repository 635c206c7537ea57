import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, demo, startTestApp, type TestApp } from '../../../test/harness';
import { freePort } from '../../../test/ports';

const attempt = (t: TestApp, password: string) =>
  t.fastify.inject({
    method: 'POST',
    url: '/api/account/token',
    payload: { loginId: demo.patient, password, platform: 'web', version: '1' },
  });
const reset = (t: TestApp) =>
  t.fastify.inject({
    method: 'POST',
    url: '/api/password-reset',
    payload: { email: demo.patient },
  });
const health = (t: TestApp) => t.fastify.inject({ method: 'GET', url: '/api/health' });
const ready = (t: TestApp) => t.fastify.inject({ method: 'GET', url: '/api/health/ready' });
const degradedLines = (t: TestApp) =>
  t.logs.filter((line) => line.includes('rate-limit counters are kept in memory')).length;

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe.each(databaseKinds)('with REDIS_URL set and Redis gone, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      LOGIN_MAX_FAILURES: '5',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps logging in and sending reset links, counting in memory, and says so once', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await attempt(t, `Wrong-${i}`)).statusCode);
    statuses.push((await attempt(t, demo.password)).statusCode);
    // Counted in memory meanwhile: the limit still holds for this account and address.
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    for (let i = 0; i < 10; i++) {
      const res = await reset(t);
      expect({ i, status: res.statusCode }).toEqual({ i, status: 200 });
    }
    expect(degradedLines(t)).toBe(1);
  });

  it('reports Redis as degraded while still serving (200), the database up', async () => {
    const res = await health(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'up', redis: 'degraded' });
  });

  it('stays ready (200, degraded) with Redis not answering PING, and says so', async () => {
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'degraded',
      failed: [],
      database: 'up',
      migrations: 'applied',
      redis: 'down',
    });
  });
});

// A real Redis that goes away and comes back: only where the redis-server binary exists.
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

if (hasRedisServer)
  describe.each(databaseKinds)('when Redis goes away and comes back, on %s', (kind) => {
    let t: TestApp;
    let port: number;
    let redis: ChildProcess | undefined;
    const startRedis = async () => {
      redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
        stdio: 'ignore',
      });
    };
    const stopRedis = async () => {
      const child = redis;
      redis = undefined;
      if (!child || child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    };
    beforeAll(async () => {
      port = await freePort();
      await startRedis();
      t = await startTestApp(kind, { REDIS_URL: `redis://127.0.0.1:${port}` });
    });
    afterAll(async () => {
      await stopRedis();
      await t?.close();
    });

    it('serves throughout, reports degraded while Redis is down and up again after', async () => {
      expect(await until(async () => (await health(t)).json().redis === 'up')).toBe(true);
      expect((await attempt(t, demo.password)).statusCode).toBe(200);
      expect(degradedLines(t)).toBe(0);
      expect((await ready(t)).json()).toMatchObject({ status: 'ok', redis: 'up' });

      await stopRedis();
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await attempt(t, demo.password)).statusCode);
      expect(statuses).toEqual(Array(20).fill(200));
      expect((await reset(t)).statusCode).toBe(200);
      const down = await health(t);
      expect(down.statusCode).toBe(200);
      expect(down.json()).toMatchObject({ status: 'degraded', redis: 'degraded' });
      expect(degradedLines(t)).toBe(1);
      expect((await ready(t)).json()).toMatchObject({ status: 'degraded', redis: 'down' });

      await startRedis();
      expect(await until(async () => (await health(t)).json().redis === 'up')).toBe(true);
      expect((await health(t)).json()).toMatchObject({ status: 'ok', redis: 'up' });
      expect((await attempt(t, demo.password)).statusCode).toBe(200);
      expect(
        t.logs.some((line) => line.includes('rate-limit counters are shared in Redis again')),
      ).toBe(true);
    });
  });

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  login,
  registration,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { auditLog, outbox } from '../../db/schema/platform';

describe.each(databaseKinds)('login protections on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { LOGIN_MAX_FAILURES: '10' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const attempt = (loginId: string, password: string, extra: object = {}) =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: { loginId, password, platform: 'web', version: '1', ...extra },
    });

  it('rate-limits 20 wrong passwords in a row, even when the 20th guess is right', async () => {
    await t.fastify.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration('target@example.test'),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 19; i++)
      statuses.push((await attempt('target@example.test', `Wrong-${i}`)).statusCode);
    statuses.push((await attempt('target@example.test', 'Quinn-Pass-42')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const limited = await attempt('target@example.test', 'Quinn-Pass-42', {});
    expect(limited.json()).toMatchObject({
      errorCode: 'RATE_LIMITED',
      errorMsg: 'Too many attempts. Please wait a moment and try again.',
    });
    const denied = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.outcome, 'denied'));
    expect(denied.some((r) => r.detail?.reason === 'rate-limited')).toBe(true);
    // Other accounts can still log in.
    expect(await login(t)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('holds the limit against parallel guesses', async () => {
    await t.fastify.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration('parallel@example.test'),
    });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt('parallel@example.test', `Wrong-${i}`)),
    );
    const limited = answers.filter((a) => a.statusCode === 429).length;
    expect(limited).toBeGreaterThanOrEqual(20);
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(10);
  });

  it('lets the account in again after the window', async () => {
    // The limiter's window is in real time; a fresh app proves the count is per window.
    const fresh = await startTestApp(kind, { LOGIN_WINDOW_MINUTES: '1', LOGIN_MAX_FAILURES: '2' });
    try {
      const hit = (password: string) =>
        fresh.fastify.inject({
          method: 'POST',
          url: '/api/account/token',
          payload: { loginId: demo.patient, password, platform: 'web', version: '1' },
        });
      expect((await hit('x')).statusCode).toBe(401);
      expect((await hit('y')).statusCode).toBe(401);
      expect((await hit(demo.password)).statusCode).toBe(429);
    } finally {
      await fresh.close();
    }
  });

  it('asks for a one-time code when two-factor is on; the code works once', async () => {
    await t.fastify.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration('tfa@example.test'),
    });
    const token = await login(t, 'tfa@example.test', 'Quinn-Pass-42');
    await t.fastify.inject({
      method: 'POST',
      url: '/api/profile/settings',
      headers: bearer(token),
      payload: { settings: { twoFactor: 'email' } },
    });
    const first = await attempt('tfa@example.test', 'Quinn-Pass-42');
    expect(first.statusCode).toBe(401);
    expect(first.json().errorCode).toBe('TFA_REQUIRED');
    const [mail] = (
      await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'tfa@example.test'))
    ).filter((m) => m.subject?.includes('login code'));
    const code = mail?.body.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await attempt('tfa@example.test', 'Quinn-Pass-42', {
      tfaCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().errorCode).toBe('TFA_INVALID');
    const ok = await attempt('tfa@example.test', 'Quinn-Pass-42', { tfaCode: code });
    expect(ok.statusCode).toBe(200);
    const reused = await attempt('tfa@example.test', 'Quinn-Pass-42', { tfaCode: code });
    expect(reused.json().errorCode).toBe('TFA_INVALID');
  });

  it('expires a two-factor code after 10 minutes', async () => {
    const first = await attempt('tfa@example.test', 'Quinn-Pass-42');
    expect(first.json().errorCode).toBe('TFA_REQUIRED');
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'tfa@example.test'));
    const code = mails.at(-1)?.body.match(/\b(\d{6})\b/)?.[1];
    t.advance(11 * 60_000);
    const late = await attempt('tfa@example.test', 'Quinn-Pass-42', { tfaCode: code });
    expect(late.json().errorCode).toBe('TFA_INVALID');
  });
});

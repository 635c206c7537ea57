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
import { outboxRows } from '../../../test/outbox';
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

  const from = (ip: string, loginId: string, password: string, extra: object = {}) =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/account/token',
      remoteAddress: ip,
      payload: { loginId, password, platform: 'web', version: '1', ...extra },
    });
  const registerOwner = (email: string) =>
    t.fastify.inject({ method: 'POST', url: '/api/register', payload: registration(email) });

  it("does not let a stranger's wrong passwords from elsewhere lock the owner out", async () => {
    await registerOwner('owner@example.test');
    const stranger: number[] = [];
    for (let i = 0; i < 15; i++)
      stranger.push((await from('203.0.113.7', 'owner@example.test', `Wrong-${i}`)).statusCode);
    // The stranger's own address is stopped, even with the right password...
    expect(stranger).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    expect((await from('203.0.113.7', 'owner@example.test', 'Quinn-Pass-42')).statusCode).toBe(429);
    // ...while the owner, from their own address, gets in.
    const owner = await from('198.51.100.20', 'owner@example.test', 'Quinn-Pass-42');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().deviceToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('lets a known device in with the right password while its shared address is limited', async () => {
    await registerOwner('clinic-nurse@example.test');
    const first = await from('192.0.2.50', 'clinic-nurse@example.test', 'Quinn-Pass-42');
    expect(first.statusCode).toBe(200);
    const deviceToken: string = first.json().deviceToken;
    // Someone else behind the clinic's one address guesses at the nurse's password.
    for (let i = 0; i < 12; i++)
      await from('192.0.2.50', 'clinic-nurse@example.test', `Wrong-${i}`);
    const unknownDevice = await from('192.0.2.50', 'clinic-nurse@example.test', 'Quinn-Pass-42');
    expect(unknownDevice.statusCode).toBe(429);
    const known = await from('192.0.2.50', 'clinic-nurse@example.test', 'Quinn-Pass-42', {
      deviceToken,
    });
    expect(known.statusCode).toBe(200);
    // The same device keeps its token.
    expect(known.json().deviceToken).toBe(deviceToken);
    // A device token is the account's own: it does nothing for another account.
    await registerOwner('clinic-doctor@example.test');
    for (let i = 0; i < 11; i++)
      await from('192.0.2.50', 'clinic-doctor@example.test', `Wrong-${i}`);
    const borrowed = await from('192.0.2.50', 'clinic-doctor@example.test', 'Quinn-Pass-42', {
      deviceToken,
    });
    expect(borrowed.statusCode).toBe(429);
    // A known device guessing wrong is limited on its own.
    const guesses: number[] = [];
    for (let i = 0; i < 11; i++)
      guesses.push(
        (await from('192.0.2.50', 'clinic-nurse@example.test', `Wrong-${i}`, { deviceToken }))
          .statusCode,
      );
    expect(guesses).toEqual([...Array(10).fill(401), 429]);
  });

  it('does not refuse every account behind one address after fifty failures there', async () => {
    for (let i = 0; i < 51; i++) {
      const res = await from('192.0.2.77', `nobody-${i}@example.test`, 'Wrong-1');
      expect({ i, status: res.statusCode }).toEqual({ i, status: 401 });
    }
    expect((await from('192.0.2.77', demo.patient, demo.password)).statusCode).toBe(200);
  });

  it('ends a two-factor code after 5 wrong tries; ten wrong tries never stop the right new code', async () => {
    await registerOwner('tfa-typo@example.test');
    const token = await login(t, 'tfa-typo@example.test', 'Quinn-Pass-42');
    await t.fastify.inject({
      method: 'POST',
      url: '/api/profile/settings',
      headers: bearer(token),
      payload: { settings: { twoFactor: 'email' } },
    });
    const latestCode = async () => {
      const mails = (await outboxRows(t, eq(outbox.recipient, 'tfa-typo@example.test'))).filter(
        (m) => m.subject?.includes('login code'),
      );
      return mails.at(-1)?.body?.match(/\b(\d{6})\b/)?.[1] ?? '';
    };
    const ip = '198.51.100.33';
    expect((await from(ip, 'tfa-typo@example.test', 'Quinn-Pass-42')).json().errorCode).toBe(
      'TFA_REQUIRED',
    );
    const oldCode = await latestCode();
    const wrong: string[] = [];
    for (let i = 0; i < 10; i++) {
      const guess = String((Number(oldCode) + 1 + i) % 1_000_000).padStart(6, '0');
      const res = await from(ip, 'tfa-typo@example.test', 'Quinn-Pass-42', { tfaCode: guess });
      wrong.push(`${res.statusCode} ${res.json().errorCode}`);
    }
    expect(wrong).toEqual(Array(10).fill('401 TFA_INVALID'));
    // The code that was guessed at is spent...
    const spent = await from(ip, 'tfa-typo@example.test', 'Quinn-Pass-42', { tfaCode: oldCode });
    expect(spent.json().errorCode).toBe('TFA_INVALID');
    // ...a new one is sent on asking, and it works.
    const again = await from(ip, 'tfa-typo@example.test', 'Quinn-Pass-42');
    expect(again.json().errorCode).toBe('TFA_REQUIRED');
    const newCode = await latestCode();
    expect(newCode).not.toBe('');
    const ok = await from(ip, 'tfa-typo@example.test', 'Quinn-Pass-42', { tfaCode: newCode });
    expect(ok.statusCode).toBe(200);
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
    const [mail] = (await outboxRows(t, eq(outbox.recipient, 'tfa@example.test'))).filter((m) =>
      m.subject?.includes('login code'),
    );
    const code = mail?.body?.match(/\b(\d{6})\b/)?.[1];
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
    const mails = await outboxRows(t, eq(outbox.recipient, 'tfa@example.test'));
    const code = mails.at(-1)?.body?.match(/\b(\d{6})\b/)?.[1];
    t.advance(11 * 60_000);
    const late = await attempt('tfa@example.test', 'Quinn-Pass-42', { tfaCode: code });
    expect(late.json().errorCode).toBe('TFA_INVALID');
  });
});

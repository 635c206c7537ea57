import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  login,
  registration,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { outbox } from '../../db/schema/platform';

describe.each(databaseKinds)('password help on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_URL: 'https://app.apothecall.test' });
    await t.fastify.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration('reset@example.test'),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.fastify.inject({ method: 'POST', url, payload, headers });

  async function latestCode(recipient: string, channel: 'email' | 'sms') {
    const rows = await outboxRows(t, eq(outbox.recipient, recipient));
    const row = rows.filter((r) => r.channel === channel).at(-1);
    const match = row?.body?.match(/https:\/\/app\.apothecall\.test\/#\/resetpw\/([A-Za-z0-9_-]+)/);
    return match?.[1];
  }

  it('sends the link by e-mail and by SMS to the phone on file; the code works once', async () => {
    const res = await post('/api/password-reset', { email: 'Reset@Example.test' });
    expect(res.statusCode).toBe(200);
    const code = await latestCode('reset@example.test', 'email');
    expect(code).toBeDefined();
    expect(await latestCode('+13055550142', 'sms')).toBe(code);

    expect((await post('/api/resetpw/verify', { resetCode: code! })).statusCode).toBe(200);
    const weak = await post('/api/resetpw/savepw', { resetCode: code!, password: 'nocapitals1' });
    expect(weak.statusCode).toBe(400);
    const saved = await post('/api/resetpw/savepw', {
      resetCode: code!,
      password: 'Brand-New-Pass-7',
    });
    expect(saved.statusCode).toBe(200);

    await expect(login(t, 'reset@example.test', 'Quinn-Pass-42')).rejects.toThrow(/401/);
    expect(await login(t, 'reset@example.test', 'Brand-New-Pass-7')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await post('/api/resetpw/savepw', {
      resetCode: code!,
      password: 'Another-Pass-8',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      errorCode: 'RESET_INVALID',
      errorMsg: 'Password reset code is not valid. Your password cannot be changed with this link.',
    });
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const before = (await t.database.db.select().from(outbox)).length;
    const res = await post('/api/password-reset', { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(200);
    expect((await t.database.db.select().from(outbox)).length).toBe(before);
  });

  it('refuses a cancelled code and a made-up one', async () => {
    await post('/api/password-reset', { email: 'reset@example.test' });
    const code = await latestCode('reset@example.test', 'email');
    expect((await post('/api/resetpw/cancel', { resetCode: code! })).statusCode).toBe(200);
    expect((await post('/api/resetpw/verify', { resetCode: code! })).statusCode).toBe(400);
    expect(
      (await post('/api/resetpw/verify', { resetCode: 'made-up-code' })).json().errorCode,
    ).toBe('RESET_INVALID');
  });

  it('expires a code after an hour', async () => {
    await post('/api/password-reset', { email: 'reset@example.test' });
    const code = await latestCode('reset@example.test', 'email');
    t.advance(61 * 60_000);
    expect((await post('/api/resetpw/verify', { resetCode: code! })).statusCode).toBe(400);
  });

  it('ends every session after a reset', async () => {
    const token = await login(t, 'reset@example.test', 'Brand-New-Pass-7');
    await post('/api/password-reset', { email: 'reset@example.test' });
    const code = await latestCode('reset@example.test', 'email');
    await post('/api/resetpw/savepw', { resetCode: code!, password: 'Third-Pass-9x' });
    const res = await t.fastify.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(401);
  });

  it('sends at most five reset messages an hour to one person', async () => {
    await t.fastify.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration('flood@example.test'),
    });
    const count = async () =>
      (
        await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'flood@example.test'))
      ).filter((m) => m.subject?.includes('reset your password')).length;
    for (let i = 0; i < 8; i++) {
      expect((await post('/api/password-reset', { email: 'flood@example.test' })).statusCode).toBe(
        200,
      );
    }
    expect(await count()).toBe(5);
  });

  it('changes the password with the old one, ending the other sessions only', async () => {
    const mine = await login(t, 'reset@example.test', 'Third-Pass-9x');
    const other = await login(t, 'reset@example.test', 'Third-Pass-9x');
    const wrong = await post(
      '/api/password-change',
      { oldPassword: 'nope', newPassword: 'Fourth-Pass-10' },
      bearer(mine),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('WRONG_PASSWORD');
    const ok = await post(
      '/api/password-change',
      { oldPassword: 'Third-Pass-9x', newPassword: 'Fourth-Pass-10' },
      bearer(mine),
    );
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await t.fastify.inject({
          method: 'GET',
          url: '/api/account/profile',
          headers: bearer(mine),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.fastify.inject({
          method: 'GET',
          url: '/api/account/profile',
          headers: bearer(other),
        })
      ).statusCode,
    ).toBe(401);
  });
});

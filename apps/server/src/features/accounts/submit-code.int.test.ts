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

/** POST /submit-code: a two-factor login's code with the tfaToken its TFA_REQUIRED carried. */
describe.each(databaseKinds)('POST /submit-code on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { LOGIN_MAX_FAILURES: '10' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const password = 'Quinn-Pass-42';
  const logIn = (loginId: string, ip = '198.51.100.60', extra: object = {}) =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/account/token',
      remoteAddress: ip,
      payload: { loginId, password, platform: 'cordova-ios', version: '4.2', ...extra },
    });
  const submit = (payload: object, lang = 'en', ip = '198.51.100.60') =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/submit-code',
      remoteAddress: ip,
      headers: { 'accept-language': lang },
      payload,
    });

  /** An account with two-factor on by e-mail. */
  async function twoFactorAccount(email: string) {
    await t.fastify.inject({ method: 'POST', url: '/api/register', payload: registration(email) });
    const token = await login(t, email, password);
    await t.fastify.inject({
      method: 'POST',
      url: '/api/profile/settings',
      headers: bearer(token),
      payload: { settings: { twoFactor: 'email' } },
    });
  }
  /** Logs in (TFA_REQUIRED): its tfaToken, and the code the mail brought. */
  async function pending(email: string, ip?: string) {
    const asked = await logIn(email, ip);
    expect(asked.statusCode).toBe(401);
    expect(asked.json().errorCode).toBe('TFA_REQUIRED');
    const tfaToken: string = asked.json().tfaToken;
    expect(tfaToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const mails = (await outboxRows(t, eq(outbox.recipient, email))).filter((m) =>
      m.subject?.includes('login code'),
    );
    const code = mails.at(-1)?.body?.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    return { tfaToken, code };
  }
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

  it('answers what a login answers for the right code, once', async () => {
    await twoFactorAccount('submit-ok@example.test');
    const { tfaToken, code } = await pending('submit-ok@example.test');
    const ok = await submit({ tfaToken, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      error: false,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      referral: null,
      pricing: null,
      deviceToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      profile: { loginId: 'submit-ok@example.test' },
    });
    // The session works.
    const me = await t.fastify.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: bearer(ok.json().token),
    });
    expect(me.statusCode).toBe(200);
    // The token and the code are spent.
    const again = await submit({ tfaToken, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().errorCode).toBe('UNAUTHORIZED');
  });

  it('gives exactly one session to four parallel submissions of the right code', async () => {
    await twoFactorAccount('submit-race@example.test');
    const { tfaToken, code } = await pending('submit-race@example.test');
    const answers = await Promise.all(Array.from({ length: 4 }, () => submit({ tfaToken, code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401]);
  });

  it('spends the code after 5 wrong codes, in English and Spanish', async () => {
    await twoFactorAccount('submit-typo@example.test');
    const { tfaToken, code } = await pending('submit-typo@example.test');
    const wrong = [];
    for (let i = 0; i < 5; i++) {
      const res = await submit({ tfaToken, code: wrongOf(code) }, i % 2 ? 'es' : 'en');
      wrong.push([res.statusCode, res.json().errorCode, res.json().errorMsg]);
    }
    const en = [
      401,
      'TFA_INVALID',
      'That code is not valid or has expired. Log in again to get a new one.',
    ];
    const es = [
      401,
      'TFA_INVALID',
      'Ese código no es válido o ha caducado. Inicie sesión de nuevo para recibir otro.',
    ];
    expect(wrong).toEqual([en, es, en, es, en]);
    // The right code no longer works; a new login sends a new code that does.
    expect((await submit({ tfaToken, code })).json().errorCode).toBe('TFA_INVALID');
    const next = await pending('submit-typo@example.test');
    expect((await submit(next)).statusCode).toBe(200);
  });

  it('refuses a malformed code or token with 400 in English and Spanish', async () => {
    const tfaToken = 'A'.repeat(32);
    const badCode = await submit({ tfaToken, code: '12ab' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errorMsg).toContain('Enter the 6-digit code.');
    const badCodeEs = await submit({ tfaToken, code: '12ab' }, 'es');
    expect(badCodeEs.statusCode).toBe(400);
    expect(badCodeEs.json().errorMsg).toContain('Introduzca el código de 6 dígitos.');
    const badToken = await submit({ tfaToken: 'not a token', code: '123456' });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().errorMsg).toContain('This login step is not valid. Log in again.');
    const badTokenEs = await submit({ tfaToken: 'x', code: '123456' }, 'es');
    expect(badTokenEs.statusCode).toBe(400);
    expect(badTokenEs.json().errorMsg).toContain(
      'Este paso del inicio de sesión no es válido. Inicie sesión de nuevo.',
    );
    const missing = await submit({});
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a forged or expired token with 401', async () => {
    await twoFactorAccount('submit-late@example.test');
    const { tfaToken, code } = await pending('submit-late@example.test');
    const forged = await submit({
      tfaToken: `${tfaToken.slice(0, 31)}${tfaToken.endsWith('A') ? 'B' : 'A'}`,
      code,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({
      errorCode: 'UNAUTHORIZED',
      errorMsg: 'This login has expired. Log in again to get a new code.',
    });
    t.advance(11 * 60_000);
    const late = await submit({ tfaToken, code }, 'es');
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({
      errorCode: 'UNAUTHORIZED',
      errorMsg:
        'Este inicio de sesión ha caducado. Inicie sesión de nuevo para recibir un código nuevo.',
    });
  });

  it('keeps the login limits of the address', async () => {
    await twoFactorAccount('submit-limit@example.test');
    const ip = '203.0.113.90';
    const { tfaToken, code } = await pending('submit-limit@example.test', ip);
    // Someone at this address then guesses the password over the limit.
    for (let i = 0; i < 11; i++)
      await t.fastify.inject({
        method: 'POST',
        url: '/api/account/token',
        remoteAddress: ip,
        payload: {
          loginId: 'submit-limit@example.test',
          password: `Wrong-${i}`,
          platform: 'web',
          version: '1',
        },
      });
    const limited = await submit({ tfaToken, code }, 'en', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errorCode).toBe('RATE_LIMITED');
  });

  it('still takes the code as tfaCode on the login (older apps)', async () => {
    await twoFactorAccount('submit-old@example.test');
    const { code } = await pending('submit-old@example.test');
    const ok = await logIn('submit-old@example.test', undefined, { tfaCode: code });
    expect(ok.statusCode).toBe(200);
  });
});

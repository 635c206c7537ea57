import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, demo, login, startTestApp, type TestApp } from '../../../test/harness';
import { accounts } from '../../db/schema/accounts';
import { auditLog, sessions } from '../../db/schema/platform';

describe.each(databaseKinds)('accounts API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { SESSION_IDLE_SECONDS: '900' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const sessionCount = async () =>
    (await t.database.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: payload as object,
      headers,
    });

  it('logs in a seeded patient and returns the token, profile and family', async () => {
    const res = await post({
      loginId: 'Patient@Apothecall.test ',
      password: demo.password,
      platform: 'web',
      version: '1',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.error).toBe(false);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.profile.name).toBe('Maria Rivera');
    expect(body.profile.role).toBe('patient');
    // The holder is users[0] and their person id is the account id.
    expect(body.profile.users[0].id).toBe(body.profile.id);
    expect(body.profile.personId).toBe(body.profile.id);
    expect(
      body.profile.users.map((u: { name: string; relation: string }) => [u.name, u.relation]),
    ).toEqual([
      ['Maria Rivera', 'self'],
      ['Leo Rivera', 'son'],
    ]);
  });

  it('stores only a hash of the token', async () => {
    const token = await login(t);
    const rows = await t.database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it("answers a wrong password with 401 and the spec's message, writing no session", async () => {
    const before = await sessionCount();
    const res = await post({
      loginId: demo.patient,
      password: 'Wrong-Password-1',
      platform: 'web',
      version: '1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: true,
      errorMsg: 'Unauthorized. User Id or Password is incorrect.',
      errorCode: 'UNAUTHORIZED',
    });
    expect(await sessionCount()).toBe(before);
  });

  it('answers in Spanish with the Spanish parameters header or Accept-Language', async () => {
    const wrong = { loginId: demo.patient, password: 'nope', platform: 'web', version: '1' };
    const viaParams = await post(wrong, { 'x-app-params': 'lang=es&brand=apothecall' });
    expect(viaParams.json().errorMsg).toBe(
      'No autorizado. El usuario o la contraseña son incorrectos.',
    );
    const viaAccept = await post(wrong, { 'accept-language': 'es-MX,es;q=0.9' });
    expect(viaAccept.json().errorMsg).toBe(
      'No autorizado. El usuario o la contraseña son incorrectos.',
    );
  });

  it('answers an unknown login id exactly like a wrong password', async () => {
    const res = await post({
      loginId: 'nobody@apothecall.test',
      password: 'x',
      platform: 'web',
      version: '1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('UNAUTHORIZED');
  });

  it('answers malformed bodies with 400 and a clear message, writing no session', async () => {
    const before = await sessionCount();
    const missing = await post({ loginId: demo.patient, platform: 'web', version: '1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: true, errorCode: 'VALIDATION' });
    // A missing key answers like an empty one: the spec's 'Required information'.
    expect(missing.json().errorMsg).toBe('Please check your information: Required information');

    const wrongType = await post({
      loginId: 42,
      password: demo.password,
      platform: 'web',
      version: '1',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errorMsg).toContain('"loginId" is not valid.');

    const empty = await post(
      { loginId: demo.patient, password: '', platform: 'web', version: '1' },
      { 'x-app-params': 'lang=es' },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorMsg).toContain('Información requerida');

    const notJson = await t.fastify.inject({
      method: 'POST',
      url: '/api/account/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"loginId": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({
      error: true,
      errorMsg: 'The request could not be read. Please try again.',
    });

    const wrongMedia = await t.fastify.inject({
      method: 'POST',
      url: '/api/account/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(wrongMedia.statusCode).toBe(415);
    expect(wrongMedia.json().error).toBe(true);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an expired password with the EXPIRED message after a correct password', async () => {
    await t.database.db
      .update(accounts)
      .set({ passwordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(accounts.loginId, 'admin@apothecall.test'));
    const res = await post({
      loginId: 'admin@apothecall.test',
      password: demo.password,
      platform: 'web',
      version: '1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      errorCode: 'EXPIRED',
      errorMsg: 'Your password has EXPIRED. Please select "Password Help" to reset your password.',
    });
  });

  it('reads the profile with the token and audits the read', async () => {
    const token = await login(t);
    const res = await t.fastify.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.name).toBe('Maria Rivera');
    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'profile.read'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.at(-1)).toMatchObject({
      outcome: 'success',
      subjectPersonId: res.json().profile.personId,
    });
  });

  it('audits logins and failures', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.login'));
    expect(rows.some((r) => r.outcome === 'success')).toBe(true);
    expect(rows.some((r) => r.outcome === 'failure' && r.detail?.reason === 'bad-password')).toBe(
      true,
    );
  });

  it('refuses a request without a token and one with a made-up token', async () => {
    const none = await t.fastify.inject({ method: 'GET', url: '/api/account/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json().errorCode).toBe('AUTH_REQUIRED');
    const fake = await t.fastify.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { authorization: `Bearer ${'A'.repeat(43)}` },
    });
    expect(fake.statusCode).toBe(401);
  });

  it('ends the session at logout', async () => {
    const token = await login(t);
    const headers = { authorization: `Bearer ${token}` };
    const out = await t.fastify.inject({ method: 'POST', url: '/api/account/logout', headers });
    expect(out.statusCode).toBe(200);
    const after = await t.fastify.inject({ method: 'GET', url: '/api/account/profile', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().errorCode).toBe('SESSION_EXPIRED');
  });

  it('refuses a session idle past the timeout with 401', async () => {
    const token = await login(t);
    const headers = { authorization: `Bearer ${token}` };
    t.advance(14 * 60_000);
    expect(
      (await t.fastify.inject({ method: 'GET', url: '/api/account/profile', headers })).statusCode,
    ).toBe(200);
    t.advance(15 * 60_000 + 1_000);
    const idle = await t.fastify.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers,
      query: {},
    });
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({
      error: true,
      errorCode: 'SESSION_EXPIRED',
      errorMsg: 'Your session has ended. Please log in again.',
    });
  });

  it('never writes passwords or tokens to the log', async () => {
    const token = await login(t);
    await t.fastify.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    const all = t.logs.join('');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(demo.password);
    expect(all).not.toContain(token);
    expect(all).not.toContain('Maria');
  });
});

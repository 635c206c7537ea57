import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  get,
  newPatient,
  ok,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { oneTimeCodes } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/platform';

/**
 * Issue 21, the server's part of the native apps: biometric login with a device credential
 * (POST /account/auth-id, /account/authIdToken, DELETE /account/auth-id), the native web views'
 * cross-origin calls, and the link-association files with the browser landing of app links.
 */
describe.each(databaseKinds)('native apps on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      NATIVE_IOS_APP_IDS: 'ABCDE12345.com.apothecall.app',
      NATIVE_ANDROID_CERT_SHA256: Array.from({ length: 32 }, () => 'AB').join(':'),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const biometricLogin = (authId: string, extra: Record<string, unknown> = {}) =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/account/authIdToken',
      payload: {
        authId,
        whiteLabelId: 'apothecall',
        platform: 'cordova-ios',
        version: '1.0.0',
        ...extra,
      },
    });

  const enrol = async (token: string, platform = 'cordova-ios') =>
    (await ok('enrol', await send(t, 'POST', '/api/account/auth-id', token, { platform }))).json()
      .authId as string;

  it('a credential enrolled by a session logs in with biometrics, as that account, on its platform', async () => {
    const patient = await newPatient(t);
    const authId = await enrol(patient.token);
    expect(authId).toMatch(/^[A-Za-z0-9_-]{64}$/);
    // Only its hash is kept.
    const rows = await t.database.db
      .select({ hash: oneTimeCodes.codeHash })
      .from(oneTimeCodes)
      .where(
        and(eq(oneTimeCodes.accountId, patient.accountId), eq(oneTimeCodes.purpose, 'biometric')),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.hash).not.toBe(authId);

    const res = await biometricLogin(authId, { referral: 'FRIEND10', tfaCode: '123456' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.profile.id).toBe(patient.accountId);
    expect(body.referral).toBe('FRIEND10');
    // The new session works, and the login was audited as biometric.
    expect((await get(t, '/api/account/profile', body.token)).statusCode).toBe(200);
    const audits = await t.database.db
      .select({ detail: auditLog.detail, outcome: auditLog.outcome })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'account.login'), eq(auditLog.actorAccountId, patient.accountId)),
      );
    expect(audits.some((a) => (a.detail as { method?: string }).method === 'biometric')).toBe(true);
    // It can be used again (a credential, not a one-time code).
    expect((await biometricLogin(authId)).statusCode).toBe(200);
  });

  it('an unknown credential is refused with the login message, and nothing is created', async () => {
    const res = await biometricLogin('x'.repeat(64));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: true,
      errorMsg: 'Unauthorized. User Id or Password is incorrect.',
      errorCode: 'UNAUTHORIZED',
    });
  });

  it('turned off, or after a password change, the credential answers 401 (the app then deletes it)', async () => {
    const patient = await newPatient(t);
    const first = await enrol(patient.token);
    const second = await enrol(patient.token, 'cordova-android');
    await ok(
      'revoke',
      await send(t, 'DELETE', '/api/account/auth-id', patient.token, { authId: first }),
    );
    expect((await biometricLogin(first)).statusCode).toBe(401);
    expect((await biometricLogin(second)).statusCode).toBe(200);

    await ok(
      'password change',
      await send(t, 'POST', '/api/password-change', patient.token, {
        oldPassword: patient.password,
        newPassword: 'Another-Pass-77',
      }),
    );
    expect((await biometricLogin(second)).statusCode).toBe(401);
  });

  it("another account's credential cannot be turned off by someone else (404), and stays on", async () => {
    const owner = await newPatient(t);
    const stranger = await newPatient(t);
    const authId = await enrol(owner.token);
    const res = await send(t, 'DELETE', '/api/account/auth-id', stranger.token, { authId });
    expect(res.statusCode).toBe(404);
    expect((await biometricLogin(authId)).statusCode).toBe(200);
  });

  it('only the native apps enrol, and bad bodies change nothing', async () => {
    const patient = await newPatient(t);
    const web = await send(t, 'POST', '/api/account/auth-id', patient.token, { platform: 'web' });
    expect(web.statusCode).toBe(400);
    expect(web.json().errorMsg).toContain('Biometric login is for the iOS and Android apps.');
    const spanish = await t.fastify.inject({
      method: 'POST',
      url: '/api/account/auth-id',
      headers: { ...bearer(patient.token), 'x-app-params': 'lang=es&brand=apothecall' },
      payload: { platform: 'web-ios' },
    });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().errorMsg).toContain('aplicaciones de iOS y Android');
    expect((await biometricLogin('short')).statusCode).toBe(400);
    const anonymous = await t.fastify.inject({
      method: 'POST',
      url: '/api/account/auth-id',
      payload: { platform: 'cordova-ios' },
    });
    expect(anonymous.statusCode).toBe(401);
    const rows = await t.database.db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(
        and(eq(oneTimeCodes.accountId, patient.accountId), eq(oneTimeCodes.purpose, 'biometric')),
      );
    expect(rows).toHaveLength(0);
  });

  it("keeps at most five devices' credentials: a sixth retires the oldest", async () => {
    const patient = await newPatient(t);
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await enrol(patient.token));
    expect((await biometricLogin(ids[0] as string)).statusCode).toBe(401);
    for (const id of ids.slice(1)) expect((await biometricLogin(id)).statusCode).toBe(200);
  });

  it("the native web views' origins may call the API across origins; others get no CORS answer", async () => {
    const preflight = await t.fastify.inject({
      method: 'OPTIONS',
      url: '/api/account/token',
      headers: {
        origin: 'capacitor://localhost',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-app-params',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    const android = await t.fastify.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://localhost' },
    });
    expect(android.headers['access-control-allow-origin']).toBe('https://localhost');
    const stranger = await t.fastify.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the universal-link and app-link files for /app/ links', async () => {
    const apple = await t.fastify.inject({
      method: 'GET',
      url: '/.well-known/apple-app-site-association',
    });
    expect(apple.statusCode).toBe(200);
    expect(apple.headers['content-type']).toContain('application/json');
    expect(apple.json()).toEqual({
      applinks: {
        details: [{ appIDs: ['ABCDE12345.com.apothecall.app'], components: [{ '/': '/app/*' }] }],
      },
    });
    const android = await t.fastify.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(android.statusCode).toBe(200);
    expect(android.json()[0].target).toMatchObject({
      namespace: 'android_app',
      package_name: 'com.apothecall.app',
    });
    expect(android.json()[0].target.sha256_cert_fingerprints).toHaveLength(1);
  });

  it('an app link opened in a browser lands on the same intent: logIn -> /login with the referral', async () => {
    const login = await t.fastify.inject({ method: 'GET', url: '/app/logIn?id=FRIEND10' });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/#/login?id=FRIEND10');
    const deep = await t.fastify.inject({ method: 'GET', url: '/app/deepLinked?id=FRIEND10' });
    expect(deep.headers.location).toBe('/#/?id=FRIEND10');
    const unknown = await t.fastify.inject({ method: 'GET', url: '/app/elsewhere?id=X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('NOT_FOUND');
  });
});

describe('native link files when no app is configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answer 404: no app is claimed for this host', async () => {
    for (const url of ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json']) {
      const res = await t.fastify.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });
});

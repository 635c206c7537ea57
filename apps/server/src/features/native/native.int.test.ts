import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  get,
  newPatient,
  ok,
  type Patient,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { oneTimeCodes } from '../../db/schema/accounts';
import { auditLog, outbox } from '../../db/schema/platform';

/**
 * The server's part of the native apps: biometric login with a device credential
 * (POST /account/auth-id, /account/authIdToken, DELETE /account/auth-id), the native web views'
 * cross-origin calls, and the link-association files with the browser landing of app links.
 * Only a native app's session that proved the password in the last 5
 * minutes turns a credential on, the owner is e-mailed, and the account lists and removes its
 * devices (GET /account/devices, DELETE /account/devices/:id).
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

  /** A password login from a native app: its session may turn a credential on for 5 minutes. */
  const nativeLogin = async (who: Patient, platform = 'cordova-ios') =>
    (
      await ok(
        'native login',
        await t.fastify.inject({
          method: 'POST',
          url: '/api/account/token',
          payload: { loginId: who.loginId, password: who.password, platform, version: '1.0.0' },
        }),
      )
    ).json().token as string;

  const enrolBody = (token: string, body: Record<string, unknown> = {}) =>
    send(t, 'POST', '/api/account/auth-id', token, { platform: 'cordova-ios', ...body });

  const enrol = async (token: string, platform = 'cordova-ios') =>
    (await ok('enrol', await enrolBody(token, { platform }))).json().authId as string;

  /** The new-device mails sent to a login id (not the welcome mail), newest first. */
  const mailsTo = async (loginId: string) =>
    (await outboxRows(t, eq(outbox.recipient, loginId)))
      .reverse()
      .filter((m) => /device|dispositivo/.test(m.subject ?? ''));

  const biometricAudits = (accountId: string) =>
    t.database.db
      .select({ action: auditLog.action, outcome: auditLog.outcome, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.actorAccountId, accountId));

  it('a credential enrolled by a session logs in with biometrics, as that account, on its platform', async () => {
    const patient = await newPatient(t);
    const authId = await enrol(await nativeLogin(patient));
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
    const first = await enrol(await nativeLogin(patient));
    const second = await enrol(await nativeLogin(patient, 'cordova-android'));
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
    const authId = await enrol(await nativeLogin(owner));
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
    const token = await nativeLogin(patient);
    for (let i = 0; i < 6; i += 1) ids.push(await enrol(token));
    expect((await biometricLogin(ids[0] as string)).statusCode).toBe(401);
    for (const id of ids.slice(1)) expect((await biometricLogin(id)).statusCode).toBe(200);
  });

  it('a web session cannot turn a credential on, whatever the body says (403, translated)', async () => {
    const patient = await newPatient(t);
    // patient.token is a web login's, with the password just proven.
    const web = await enrolBody(patient.token, { password: patient.password });
    expect(web.statusCode).toBe(403);
    expect(web.json()).toEqual({
      error: true,
      errorMsg: 'Biometric login is for the iOS and Android apps.',
      errorCode: 'NATIVE_ONLY',
    });
    const spanish = await t.fastify.inject({
      method: 'POST',
      url: '/api/account/auth-id',
      headers: { ...bearer(patient.token), 'x-app-params': 'lang=es&brand=apothecall' },
      payload: { platform: 'cordova-android' },
    });
    expect(spanish.statusCode).toBe(403);
    expect(spanish.json().errorMsg).toContain('aplicaciones de iOS y Android');
    const rows = await t.database.db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(
        and(eq(oneTimeCodes.accountId, patient.accountId), eq(oneTimeCodes.purpose, 'biometric')),
      );
    expect(rows).toHaveLength(0);
    expect(await mailsTo(patient.loginId)).toHaveLength(0);
    const audits = await biometricAudits(patient.accountId);
    expect(audits).toContainEqual(
      expect.objectContaining({
        action: 'account.biometric.on',
        outcome: 'denied',
        detail: expect.objectContaining({ reason: 'not-a-native-session' }),
      }),
    );
  });

  it('a native session without a password proven in the last 5 minutes must send the password', async () => {
    const patient = await newPatient(t);
    // A biometric login's session never proved the password.
    const authId = await enrol(await nativeLogin(patient));
    const viaBiometrics = (await ok('biometric login', await biometricLogin(authId))).json()
      .token as string;
    const refused = await enrolBody(viaBiometrics);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: true,
      errorMsg: 'For your security, enter your password again.',
      errorCode: 'REAUTH_REQUIRED',
    });

    // A password login's session, 6 minutes later: its proof is too old.
    const old = await nativeLogin(patient);
    t.advance(6 * 60_000);
    try {
      const stale = await enrolBody(old);
      expect(stale.statusCode).toBe(403);
      expect(stale.json().errorCode).toBe('REAUTH_REQUIRED');

      // A wrong password is refused (not 401: the session stays), and audited as a failure.
      const wrong = await enrolBody(old, { password: 'Not-The-Pass-1' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({
        error: true,
        errorMsg: 'The current password is not correct.',
        errorCode: 'WRONG_PASSWORD',
      });
      expect((await get(t, '/api/account/profile', old)).statusCode).toBe(200);

      // The right password turns it on, and the proof holds for the next few minutes.
      const withPassword = await enrolBody(old, { password: patient.password });
      expect(withPassword.statusCode).toBe(200);
      expect((await biometricLogin(withPassword.json().authId)).statusCode).toBe(200);
      expect((await enrolBody(old)).statusCode).toBe(200);
    } finally {
      t.advance(-6 * 60_000);
    }
    const audits = await biometricAudits(patient.accountId);
    const on = audits.filter((a) => a.action === 'account.biometric.on');
    expect(on.map((a) => [a.outcome, (a.detail as { reason?: string }).reason])).toEqual(
      expect.arrayContaining([
        ['denied', 'reauth-required'],
        ['failure', 'wrong-password'],
      ]),
    );
    expect(JSON.stringify(audits)).not.toContain(patient.password);
  });

  it('wrong passwords are limited like failed logins: past the limit even the right one waits (429)', async () => {
    const patient = await newPatient(t);
    const token = await nativeLogin(patient);
    const { maxFailures } = t.config.loginLimit;
    for (let i = 0; i < maxFailures; i += 1) {
      expect((await enrolBody(token, { password: 'Not-The-Pass-1' })).statusCode).toBe(403);
    }
    const limited = await enrolBody(token, { password: patient.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errorCode).toBe('RATE_LIMITED');
  });

  it('turning a credential on e-mails the login id (no PHI), in the account language', async () => {
    const patient = await newPatient(t);
    await enrol(await nativeLogin(patient, 'cordova-android'));
    const [mail] = await mailsTo(patient.loginId);
    expect(mail?.subject).toBe('Apothecall: a new device can sign in to your account');
    expect(mail?.body).toContain('on a device (Android app) on ');
    expect(mail?.body).toContain('change your password');
    expect(mail?.body).not.toContain(patient.firstName);
    expect(mail?.body).not.toContain(patient.lastName);

    // The account's language, whatever the request's.
    const spanish = await newPatient(t);
    await ok(
      'settings',
      await send(t, 'POST', '/api/profile/settings', spanish.token, {
        settings: { language: 'es' },
      }),
    );
    await enrol(await nativeLogin(spanish));
    const [mailEs] = await mailsTo(spanish.loginId);
    expect(mailEs?.subject).toBe(
      'Apothecall: un nuevo dispositivo puede iniciar sesión en su cuenta',
    );
    expect(mailEs?.body).toContain('en un dispositivo (Aplicación de iOS) el ');
  });

  it('the account lists its devices and removes one: that credential no longer logs in', async () => {
    const patient = await newPatient(t);
    const stranger = await newPatient(t);
    const phone = await enrol(await nativeLogin(patient));
    const tablet = await enrol(await nativeLogin(patient, 'cordova-android'));
    expect((await biometricLogin(tablet)).statusCode).toBe(200);

    // Listed from any session (the web too), newest first, with no credential in the answer.
    const listed = await ok('devices', await get(t, '/api/account/devices', patient.token));
    const { devices } = listed.json() as {
      devices: {
        id: string;
        platform: string;
        createdAt: string;
        lastUsedAt: string | null;
        expiresAt: string;
      }[];
    };
    expect(devices.map((d) => d.platform)).toEqual(['cordova-android', 'cordova-ios']);
    expect(devices[0]?.lastUsedAt).not.toBeNull();
    expect(devices[1]?.lastUsedAt).toBeNull();
    expect(listed.body).not.toContain(phone);
    expect(listed.body).not.toContain(tablet);
    expect((await get(t, '/api/account/devices', stranger.token)).json().devices).toEqual([]);

    // Someone else's device, an unknown id or a malformed one: 404, nothing changes.
    const iosId = devices[1]?.id as string;
    for (const [who, id] of [
      [stranger.token, iosId],
      [patient.token, '00000000-0000-4000-8000-000000000000'],
      [patient.token, 'not-an-id'],
    ] as const) {
      const res = await send(t, 'DELETE', `/api/account/devices/${id}`, who);
      expect(res.statusCode).toBe(404);
    }
    expect((await biometricLogin(phone)).statusCode).toBe(200);

    await ok('remove', await send(t, 'DELETE', `/api/account/devices/${iosId}`, patient.token));
    expect((await biometricLogin(phone)).statusCode).toBe(401);
    expect((await biometricLogin(tablet)).statusCode).toBe(200);
    const after = (await get(t, '/api/account/devices', patient.token)).json().devices as {
      platform: string;
    }[];
    expect(after.map((d) => d.platform)).toEqual(['cordova-android']);
    expect(
      (await send(t, 'DELETE', `/api/account/devices/${iosId}`, patient.token)).statusCode,
    ).toBe(404);

    const audits = await biometricAudits(patient.accountId);
    expect(audits.filter((a) => a.action === 'account.devices.read')).toHaveLength(2);
    expect(audits).toContainEqual(
      expect.objectContaining({
        action: 'account.biometric.off',
        outcome: 'success',
        detail: expect.objectContaining({ credentialId: iosId }),
      }),
    );
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

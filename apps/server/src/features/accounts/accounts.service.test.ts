import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit, recordingEvents } from '../../../test/fakes';
import {
  accountsRepoOf,
  aHolder,
  anAccount,
  memoryCodes,
  plainHasher,
  recordingMessages,
  recordingSessions,
} from '../../../test/fakes-accounts';
import { hashCode } from '../../platform/codes';
import { AppError } from '../../platform/errors';
import { memoryRateLimiter } from '../../platform/rate-limit';
import type { AccountRecord } from './accounts.repo';
import { createAccountsService } from './accounts.service';

const maxFailures = 3;

/**
 * The login service with fakes: one account (its password hash is the password, see
 * plainHasher), the codes table in memory, sessions, audit, events, mail and texts recorded,
 * an in-memory limiter and a sleep that only counts.
 */
function setUp(overrides: Partial<AccountRecord & { passwordHash: string }> = {}) {
  const clock = fakeClock();
  const account = anAccount({ id: '4d5e6f70-0000-4000-8000-0000000000c1', ...overrides });
  const audit = recordingAudit();
  const events = recordingEvents();
  const codes = memoryCodes(clock.now);
  const messages = recordingMessages();
  const sessions = recordingSessions(clock.now);
  const limiter = memoryRateLimiter(() => clock.now().getTime());
  const dummies: string[] = [];
  const service = createAccountsService({
    repo: accountsRepoOf({
      ...codes.repo,
      findForLogin: async (loginId) => (loginId === account.loginId ? account : undefined),
      findById: async (id) => (id === account.id ? account : undefined),
      listPersons: async () => [aHolder(account)],
      profileOf: async (id) =>
        id === account.id ? { account, persons: [aHolder(account)] } : undefined,
    }),
    hasher: {
      ...plainHasher,
      verifyDummy: async (password) => {
        dummies.push(password);
      },
    },
    sessions: sessions.sessions,
    audit,
    limiter,
    loginLimit: { maxFailures, windowSeconds: 900 },
    mailer: messages.mailer,
    sms: messages.sms,
    events,
    now: clock.now,
    sleep: async () => undefined,
  });
  const ctx = (ip = '198.51.100.4') => ({ ...fakeActor(account.id, { ip }), accountId: undefined });
  const login = (
    password: string,
    extra: { tfaCode?: string; deviceToken?: string; ip?: string } = {},
  ) =>
    service.login(
      {
        loginId: ' Nora@Example.TEST ',
        password,
        platform: 'web',
        version: '1.0',
        tfaCode: extra.tfaCode,
        deviceToken: extra.deviceToken,
      },
      ctx(extra.ip),
    );
  return { service, account, audit, events, codes, messages, sessions, dummies, clock, login, ctx };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const loginIdHash = createHash('sha256').update('nora@example.test').digest('hex');

describe('logins (service, fakes)', () => {
  it('signs in with the right password: a proven session, its audit row, the login-history event and a device token', async () => {
    const { login, account, audit, events, sessions, codes } = setUp();

    const signedIn = await login('Right-Pass-42');

    expect(sessions.made).toEqual([
      {
        sessionId: expect.any(String),
        accountId: account.id,
        platform: 'web',
        passwordProven: true,
      },
    ]);
    expect(signedIn.profile).toMatchObject({ id: account.id, name: 'Nora Quinn', role: 'patient' });
    expect(codes.rows).toMatchObject([
      { accountId: account.id, purpose: 'device', codeHash: hashCode(signedIn.deviceToken) },
    ]);
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail])).toEqual([
      [
        'success',
        'account.login',
        {
          sessionId: sessions.made[0]?.sessionId,
          platform: 'web',
          twoFactor: 'off',
          knownDevice: false,
        },
      ],
    ]);
    expect(events.emitted).toMatchObject([
      { name: 'accounts.loginAttempted', payload: { accountId: account.id, outcome: 'success' } },
    ]);
  });

  it('refuses a wrong password or an unknown login alike, keeping only a hash of the login id', async () => {
    const { service, login, audit, events, sessions, dummies, ctx } = setUp();

    const wrong = await refusal(login('Wrong-Pass-1'));
    const unknown = await refusal(
      service.login(
        { loginId: 'who@example.test', password: 'x', platform: 'web', version: '1' },
        ctx(),
      ),
    );

    expect([wrong.status, wrong.code]).toEqual([401, 'UNAUTHORIZED']);
    expect([unknown.status, unknown.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(dummies).toEqual(['x']);
    expect(sessions.made).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.detail])).toEqual([
      ['failure', { reason: 'bad-password', loginIdHash }],
      [
        'failure',
        { reason: 'unknown-login', loginIdHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ],
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain('example.test');
    expect(events.emitted.map((e) => (e.payload as { reason: string }).reason)).toEqual([
      'bad-password',
    ]);
  });

  it('limits one address after too many tries, even with the right password, while the known device still gets in', async () => {
    const { login, audit } = setUp();
    const { deviceToken } = await login('Right-Pass-42', { ip: '192.0.2.50' });
    for (let i = 0; i < maxFailures; i += 1) {
      await refusal(login('Wrong-Pass-1', { ip: '203.0.113.9' }));
    }

    const limited = await refusal(login('Right-Pass-42', { ip: '203.0.113.9' }));
    const fromDevice = await login('Right-Pass-42', { ip: '203.0.113.9', deviceToken });

    expect([limited.status, limited.code]).toEqual([429, 'RATE_LIMITED']);
    expect(fromDevice.deviceToken).toBe(deviceToken);
    expect(audit.rows.filter((r) => r.outcome === 'denied').map((r) => r.detail)).toEqual([
      { reason: 'rate-limited', loginIdHash },
    ]);
  });

  it('asks a two-factor login for its code by mail, then signs in with it once', async () => {
    const { service, login, messages, sessions, ctx } = setUp({ twoFactor: 'email' });

    const required = await refusal(login('Right-Pass-42'));
    const tfaToken = String(required.extra?.tfaToken);
    const code = messages.mails[0]?.text.match(/\b\d{6}\b/)?.[0] ?? '';

    expect([required.status, required.code]).toEqual([401, 'TFA_REQUIRED']);
    expect(messages.mails.map((m) => m.to)).toEqual(['nora@example.test']);
    expect(sessions.made).toEqual([]);
    const signedIn = await service.submitCode({ tfaToken, code }, ctx());
    expect(signedIn.profile.loginId).toBe('nora@example.test');
    expect(sessions.made).toHaveLength(1);
    const again = await refusal(service.submitCode({ tfaToken, code }, ctx()));
    expect(again.messageKey).toBe('accounts.tfa.loginExpired');
  });

  it('spends a two-factor code after five wrong tries: the right one no longer works', async () => {
    const { login, messages } = setUp({ twoFactor: 'email' });
    await refusal(login('Right-Pass-42'));
    const code = messages.mails[0]?.text.match(/\b\d{6}\b/)?.[0] ?? '';
    const wrongCode = code === '000000' ? '111111' : '000000';

    for (let i = 0; i < 5; i += 1) {
      expect((await refusal(login('Right-Pass-42', { tfaCode: wrongCode }))).code).toBe(
        'TFA_INVALID',
      );
    }
    expect((await refusal(login('Right-Pass-42', { tfaCode: code }))).code).toBe('TFA_INVALID');
  });

  it('refuses an expired password and a disabled login without a session', async () => {
    const expired = setUp({ passwordExpiresAt: new Date('2026-01-01T00:00:00.000Z') });
    const disabled = setUp({ disabledAt: new Date('2026-01-01T00:00:00.000Z') });

    expect((await refusal(expired.login('Right-Pass-42'))).code).toBe('EXPIRED');
    expect((await refusal(disabled.login('Right-Pass-42'))).code).toBe('UNAUTHORIZED');
    expect([...expired.sessions.made, ...disabled.sessions.made]).toEqual([]);
    expect(disabled.audit.rows.map((r) => r.detail?.reason)).toEqual(['disabled']);
  });

  it('signs in with a live biometric credential, not as a password proof; an unknown one is refused', async () => {
    const { service, account, codes, sessions, audit, clock } = setUp();
    await codes.repo.insertCode({
      accountId: account.id,
      purpose: 'biometric',
      codeHash: hashCode('credential-1'),
      channel: 'cordova-ios',
      expiresAt: new Date(clock.now().getTime() + 86_400_000),
    });
    const input = { platform: 'cordova-ios' as const, version: '2.0' };

    const unknown = await refusal(
      service.loginWithAuthId({ ...input, authId: 'nope' }, fakeActor(account.id)),
    );
    await service.loginWithAuthId({ ...input, authId: 'credential-1' }, fakeActor(account.id));

    expect(unknown.code).toBe('UNAUTHORIZED');
    expect(sessions.made.map((s) => s.passwordProven)).toEqual([false]);
    expect(codes.rows[0]?.lastUsedAt).toEqual(clock.now());
    expect(audit.rows.map((r) => [r.outcome, r.detail?.reason ?? r.detail?.method])).toEqual([
      ['failure', 'biometric-credential-unknown'],
      ['success', 'biometric'],
    ]);
  });

  it('logs out by ending the session, audited', async () => {
    const { service, account, sessions, audit } = setUp();

    await service.logout(
      { sessionId: 'session-1', accountId: account.id },
      { ip: '198.51.100.4', requestId: 'r' },
    );

    expect(sessions.revoked).toEqual([{ sessionId: 'session-1', reason: 'logout' }]);
    expect(audit.rows.map((r) => [r.action, r.subject])).toEqual([
      ['account.logout', { accountId: account.id }],
    ]);
  });
});

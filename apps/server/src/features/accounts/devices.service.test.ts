import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import {
  accountsRepoOf,
  anAccount,
  memoryCodes,
  plainHasher,
  recordingMessages,
  recordingSessions,
} from '../../../test/fakes-accounts';
import { hashCode } from '../../platform/codes';
import { AppError } from '../../platform/errors';
import { memoryRateLimiter } from '../../platform/rate-limit';
import { authIdsPerAccount, createDevicesService } from './devices.service';

const other = '4d5e6f70-0000-4000-8000-0000000000c9';
const origin = { ip: '198.51.100.4', requestId: 'r-1' };

/**
 * Biometric login's devices with fakes: one account (password `Right-Pass-42`), its codes in
 * memory, sessions whose platform and password proof a test opens, audit and mail recorded.
 */
function setUp(options: { language?: string } = {}) {
  const clock = fakeClock();
  const account = anAccount({ language: options.language ?? 'en' });
  const audit = recordingAudit();
  const codes = memoryCodes(clock.now);
  const messages = recordingMessages();
  const sessions = recordingSessions(clock.now);
  const service = createDevicesService({
    repo: accountsRepoOf({
      ...codes.repo,
      passwordHashOf: async (id) => (id === account.id ? account.passwordHash : undefined),
      findById: async (id) => (id === account.id ? account : undefined),
    }),
    hasher: plainHasher,
    sessions: sessions.sessions,
    audit,
    limiter: memoryRateLimiter(() => clock.now().getTime()),
    loginLimit: { maxFailures: 2, windowSeconds: 900 },
    mailer: messages.mailer,
    now: clock.now,
  });
  /** A session of the account, opened on `platform`, with or without the password. */
  const session = async (platform: string, passwordProven: boolean) => {
    const made = await sessions.sessions.create(account.id, {
      platform,
      version: '1',
      passwordProven,
    });
    return { sessionId: made.sessionId, accountId: account.id };
  };
  const caller = fakeActor(account.id);
  return { service, account, audit, codes, messages, clock, session, caller };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code } = error as AppError;
  return { status, code };
}

describe('biometric login devices (service, fakes)', () => {
  it('turns it on for a native session with a fresh password proof, keeps only a hash and tells the owner', async () => {
    const { service, account, audit, codes, messages, session, caller } = setUp({ language: 'es' });
    const ios = await session('cordova-ios', true);

    const authId = await service.enrolAuthId(ios, {}, caller);

    expect(authId.length).toBeGreaterThanOrEqual(32);
    expect(codes.rows).toMatchObject([
      {
        accountId: account.id,
        purpose: 'biometric',
        codeHash: hashCode(authId),
        channel: 'cordova-ios',
      },
    ]);
    expect(JSON.stringify(codes.rows)).not.toContain(authId);
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail])).toEqual([
      [
        'success',
        'account.biometric.on',
        { sessionId: ios.sessionId, platform: 'cordova-ios', reauth: 'login' },
      ],
    ]);
    expect(messages.mails.map((m) => m.to)).toEqual([account.loginId]);
    expect(messages.mails[0]?.text).not.toContain(authId);
  });

  it('refuses a web session, and a stale proof without the password, writing no credential', async () => {
    const { service, audit, codes, messages, clock, session, caller } = setUp();
    const web = await session('web', true);
    const android = await session('cordova-android', true);
    clock.advance(6 * 60_000);

    expect(await refusal(service.enrolAuthId(web, {}, caller))).toEqual({
      status: 403,
      code: 'NATIVE_ONLY',
    });
    expect(await refusal(service.enrolAuthId(android, {}, caller))).toEqual({
      status: 403,
      code: 'REAUTH_REQUIRED',
    });
    expect(codes.rows).toEqual([]);
    expect(messages.mails).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.detail?.reason])).toEqual([
      ['denied', 'not-a-native-session'],
      ['denied', 'reauth-required'],
    ]);
  });

  it('takes the password again instead, refusing a wrong one and limiting the tries', async () => {
    const { service, audit, codes, clock, session, caller } = setUp();
    const android = await session('cordova-android', false);
    clock.advance(60_000);

    expect(await refusal(service.enrolAuthId(android, { password: 'nope' }, caller))).toEqual({
      status: 403,
      code: 'WRONG_PASSWORD',
    });
    await refusal(service.enrolAuthId(android, { password: 'nope' }, caller));
    expect(
      await refusal(service.enrolAuthId(android, { password: 'Right-Pass-42' }, caller)),
    ).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(codes.rows).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.detail?.reason])).toEqual([
      ['failure', 'wrong-password'],
      ['failure', 'wrong-password'],
      ['denied', 'rate-limited'],
    ]);
  });

  it(`keeps at most ${authIdsPerAccount} devices: one more retires the oldest`, async () => {
    const { service, codes, clock, session, caller } = setUp();
    const ios = await session('cordova-ios', true);
    for (let i = 0; i <= authIdsPerAccount; i += 1) {
      await service.enrolAuthId(ios, {}, caller);
      clock.advance(1000);
    }

    const listed = await service.listDevices(ios, origin);

    expect(listed).toHaveLength(authIdsPerAccount);
    expect(codes.rows[0]?.cancelledAt).not.toBeNull();
    expect(listed.map((d) => d.id)).not.toContain(codes.rows[0]?.id);
  });

  it("lists the account's devices without their credentials and ends one by id, only the account's own", async () => {
    const { service, audit, codes, session, caller } = setUp();
    const ios = await session('cordova-ios', true);
    const authId = await service.enrolAuthId(ios, {}, caller);
    const [device] = await service.listDevices(ios, origin);

    expect(device).toMatchObject({ platform: 'cordova-ios', lastUsedAt: null });
    expect(JSON.stringify(device)).not.toContain(authId);
    expect(
      await refusal(
        service.revokeDevice({ sessionId: 's', accountId: other }, device?.id ?? '', origin),
      ),
    ).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await refusal(service.revokeDevice(ios, 'not-a-uuid', origin))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    await service.revokeDevice(ios, device?.id ?? '', origin);

    expect(await service.listDevices(ios, origin)).toEqual([]);
    expect(codes.rows[0]?.cancelledAt).not.toBeNull();
    expect(
      audit.rows.filter((r) => r.action === 'account.biometric.off').map((r) => r.detail),
    ).toEqual([{ sessionId: ios.sessionId, credentialId: device?.id, from: 'device-list' }]);
    expect(audit.rows.filter((r) => r.action === 'account.devices.read')).toHaveLength(2);
  });

  it('turns it off by the credential itself; a credential already off is not found', async () => {
    const { service, codes, session, caller } = setUp();
    const ios = await session('cordova-ios', true);
    const authId = await service.enrolAuthId(ios, {}, caller);

    await service.revokeAuthId(ios, authId, origin);

    expect(codes.rows[0]?.cancelledAt).not.toBeNull();
    expect(await refusal(service.revokeAuthId(ios, authId, origin))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { AuditService } from '../../platform/audit.service';
import type { Mailer } from '../../platform/mail.service';
import type { PasswordHasher } from '../../platform/passwords';
import { memoryRateLimiter } from '../../platform/rate-limit';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import type { SmsSender } from '../../platform/sms.service';
import type { AccountRecord, AccountsRepo, CodeRecord } from './accounts.repo';
import { createAccountsService, slowDownMs } from './accounts.service';

describe('slowDownMs', () => {
  it('is nothing up to the threshold, then doubles from 250 ms to at most 4 s', () => {
    expect([10, 11, 12, 13, 14, 15, 16, 40].map((n) => slowDownMs(n, 10))).toEqual([
      0, 250, 500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });
});

/** The login service with fakes: one account, a known device, and a recording sleep. */
function setUp() {
  const account: AccountRecord & { passwordHash: string } = {
    id: '00000000-0000-4000-8000-000000000001',
    brandId: 'apothecall',
    loginId: 'nurse@example.test',
    passwordHash: 'right',
    role: 'patient',
    organizationType: null,
    organizationId: null,
    permissions: [],
    passwordExpiresAt: null,
    disabledAt: null,
    twoFactor: 'off',
    notifications: true,
    language: 'en',
    autoLogoff: true,
  };
  const codes: (CodeRecord & { purpose: string; codeHash: string })[] = [];
  const repo = {
    findForLogin: async (loginId: string) => (loginId === account.loginId ? account : undefined),
    listPersons: async () => [
      {
        id: account.id,
        accountId: account.id,
        relation: 'self',
        firstName: 'Nora',
        lastName: 'Quinn',
        dob: '1990-03-14',
        gender: 'F',
        email: account.loginId,
        phone: null,
        address: null,
        state: null,
        zipCode: null,
        country: '1',
        consultLocation: null,
        validAsyncState: false,
      },
    ],
    insertCode: async (input: {
      accountId: string;
      purpose: string;
      codeHash: string;
      channel: string | null;
      expiresAt: Date;
    }) => {
      codes.push({ id: String(codes.length), usedAt: null, cancelledAt: null, ...input });
    },
    findCode: async (purpose: string, codeHash: string, accountId?: string) =>
      codes.find(
        (c) => c.purpose === purpose && c.codeHash === codeHash && c.accountId === accountId,
      ),
  } as unknown as AccountsRepo;
  const slept: number[] = [];
  const limiter = memoryRateLimiter();
  const service = createAccountsService({
    repo,
    hasher: {
      verify: async (stored: string, password: string) => stored === password,
      verifyDummy: async () => undefined,
    } as unknown as PasswordHasher,
    sessions: {
      create: async () => ({ token: 't', sessionId: 's', expiresAt: new Date() }),
    } as unknown as SessionsService,
    audit: { record: async () => undefined } as unknown as AuditService,
    limiter,
    loginLimit: { maxFailures: 10, windowSeconds: 900 },
    mailer: { send: async () => undefined, close: () => undefined } as unknown as Mailer,
    sms: { send: async () => undefined } as unknown as SmsSender,
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  const ctx = (ip: string) => ({
    ip,
    requestId: 'r',
    lang: 'en' as const,
    timeZone: 'UTC',
    brand: async () => ({ id: 'main', name: 'B' }),
  });
  const login = (ip: string, password: string, deviceToken?: string) =>
    service.login(
      { loginId: account.loginId, password, platform: 'web', version: '1', deviceToken },
      ctx(ip),
    );
  return { login, slept, limiter };
}

describe('login protections (service, fakes)', () => {
  it('slows unknown devices once the login id failed too often everywhere; a known device is not held', async () => {
    const { login, slept } = setUp();
    const { deviceToken } = await login('192.0.2.1', 'right');
    // Eleven failures, from eleven addresses: no address reaches its own limit.
    for (let i = 0; i < 11; i++) await expect(login(`203.0.113.${i}`, 'wrong')).rejects.toThrow();
    expect(slept).toEqual([]);
    await expect(login('198.51.100.9', 'right')).resolves.toMatchObject({ token: 't' });
    expect(slept).toEqual([250]);
    slept.length = 0;
    await expect(login('198.51.100.9', 'right', deviceToken)).resolves.toMatchObject({
      deviceToken,
    });
    expect(slept).toEqual([]);
  });

  it('only slows an address with many failures over many login ids, never refuses it', async () => {
    const { login, slept, limiter } = setUp();
    for (let i = 0; i < 52; i++) await limiter.hit('login:ip:192.0.2.77', 900);
    await expect(login('192.0.2.77', 'right')).resolves.toMatchObject({ token: 't' });
    expect(slept).toEqual([500]);
  });
});

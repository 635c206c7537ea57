import type { RegisterRequest } from '@apothecall/domain/accounts/accounts.api';
import { translate } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { accountsRepoOf, anAccount, recordingMessages } from '../../../test/fakes-accounts';
import { SchemaError } from '../../platform/errors';
import { memoryRateLimiter } from '../../platform/rate-limit';
import type { AccountRecord, AccountsRepo } from './accounts.repo';
import { createRegistrationService, existsMailsPerWindow } from './registration.service';

/**
 * Registration, on fakes: a new adult gets an account (its holder from the profile, the password
 * hashed, a known referral code kept) and a welcome mail; an address with an account answers
 * the same while its owner is mailed, a few times a day at most; a double-click's unique
 * violation answers the same; an invalid profile or password writes nothing.
 */
function setUp(existing: AccountRecord[] = []) {
  const clock = fakeClock();
  const accounts = [...existing];
  const created: Parameters<AccountsRepo['createAccount']>[0][] = [];
  let raceWith: AccountRecord | undefined;
  const audit = recordingAudit();
  const messages = recordingMessages();
  const service = createRegistrationService({
    repo: accountsRepoOf({
      findByLoginId: async (loginId) => accounts.find((a) => a.loginId === loginId),
      createAccount: async (input) => {
        if (raceWith) {
          accounts.push(raceWith);
          throw Object.assign(new Error('query failed'), { cause: { code: '23505' } });
        }
        created.push(input);
        return 'new-account';
      },
    }),
    referral: async (code) =>
      code.toUpperCase() === 'FRIEND10' ? { code: 'FRIEND10' } : undefined,
    hasher: { hash: async (password: string) => `hash-${password}` } as never,
    audit,
    mailer: messages.mailer as never,
    limiter: memoryRateLimiter(() => clock.now().getTime()),
    minRegistrationAge: 18,
    now: clock.now,
  });
  const ctx = { ...fakeActor('none'), accountId: undefined };
  return {
    service,
    created,
    audit,
    messages,
    ctx,
    raceWith: (a: AccountRecord) => {
      raceWith = a;
    },
  };
}

function request(overrides: Record<string, unknown> = {}, referral?: string): RegisterRequest {
  return {
    profile: {
      name: 'Nora Quinn',
      dob: '03-14-1990',
      gender: 'F',
      address: '200 Ocean Dr',
      state: 'FL',
      zipCode: '33139',
      phone: '305-555-0142',
      email: 'Nora@Example.test',
      ...overrides,
    },
    whiteLabelId: 'apothecall',
    credentials: { password: 'Quinn-Pass-42' },
    ...(referral ? { referral } : {}),
  } as RegisterRequest;
}

const welcome = translate('en', 'accounts.mail.welcome.subject', { brand: 'Apothecall' });
const exists = translate('en', 'accounts.mail.exists.subject', { brand: 'Apothecall' });

describe('registration service', () => {
  it('makes an account with its holder and a known referral, audited, and mails a welcome', async () => {
    const { service, created, audit, messages, ctx } = setUp();
    await service.register(request({}, 'friend10'), ctx);
    expect(created).toEqual([
      {
        brandId: 'apothecall',
        referredBy: 'FRIEND10',
        loginId: 'nora@example.test',
        passwordHash: 'hash-Quinn-Pass-42',
        holder: expect.objectContaining({
          relation: 'self',
          firstName: 'Nora',
          lastName: 'Quinn',
          email: 'nora@example.test',
          phone: '+13055550142',
          state: 'FL',
          zipCode: '33139',
          country: '1',
        }),
      },
    ]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'success',
        action: 'account.register',
        subject: { accountId: 'new-account', personId: 'new-account' },
        detail: { referral: 'friend10' },
      }),
    ]);
    expect(messages.mails.map((m) => [m.to, m.subject])).toEqual([['nora@example.test', welcome]]);
  });

  it('keeps no referral the brands area does not know', async () => {
    const { service, created, ctx } = setUp();
    await service.register(request({}, 'NOPE'), ctx);
    expect(created[0]?.referredBy).toBeNull();
  });

  it('answers the same for a registered address, mailing its owner at most three times a day', async () => {
    const owner = anAccount({ loginId: 'nora@example.test' });
    const { service, created, audit, messages, ctx } = setUp([owner]);
    for (let i = 0; i <= existsMailsPerWindow; i++) {
      await expect(service.register(request(), ctx)).resolves.toBeUndefined();
    }
    expect(created).toEqual([]);
    expect(messages.mails.map((m) => m.subject)).toEqual(Array(existsMailsPerWindow).fill(exists));
    expect(audit.rows.map((r) => [r.outcome, r.subject, r.detail])).toEqual([
      ...Array(existsMailsPerWindow).fill([
        'failure',
        { accountId: owner.id },
        { reason: 'duplicate-email' },
      ]),
      ['failure', { accountId: owner.id }, { reason: 'duplicate-email-not-mailed' }],
    ]);
  });

  it('answers a double-click the same, as the address having an account', async () => {
    const { service, audit, messages, ctx, raceWith } = setUp();
    const first = anAccount({ loginId: 'nora@example.test' });
    raceWith(first);
    await expect(service.register(request(), ctx)).resolves.toBeUndefined();
    expect(messages.mails.map((m) => m.subject)).toEqual([exists]);
    expect(audit.rows).toEqual([
      expect.objectContaining({ outcome: 'failure', subject: { accountId: first.id } }),
    ]);
  });

  it('refuses a minor, a foreign phone number and a weak password, writing and mailing nothing', async () => {
    const { service, created, audit, messages, ctx } = setUp();
    await expect(service.register(request({ dob: '03-14-2015' }), ctx)).rejects.toBeInstanceOf(
      SchemaError,
    );
    await expect(service.register(request({ phone: '12' }), ctx)).rejects.toBeInstanceOf(
      SchemaError,
    );
    const weak = request();
    weak.credentials.password = 'short';
    await expect(service.register(weak, ctx)).rejects.toBeInstanceOf(SchemaError);
    expect(created).toEqual([]);
    expect(audit.rows).toEqual([]);
    expect(messages.mails).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { issuePaths } from '../validation/schema-issues';
import {
  accessTokenSchema,
  authorizedUserSchema,
  oneTimeCodeSchema,
  prepayAuthorizedUpdateSchema,
  prepayProgramSchema,
  prepayPurchaseFormSchema,
} from './prepay.schemas';

const ID = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';
const OWNER = '7a9e4c2d-1b3f-4e5a-8c6d-9f0a1b2c3d4e';

const minimalProgram = {
  id: ID,
  owner: OWNER,
  balance: 50_000,
  programAmt: 2500,
  visitType: 'async',
  name: 'Main Street Pharmacy UTI',
};

describe('prepay program', () => {
  it('fills the spec defaults: 0 means no limit / off, no restrictions, notifications off', () => {
    const program = prepayProgramSchema.parse(minimalProgram);
    expect(program).toMatchObject({
      perAccountLimit: 0,
      reuseIntervalDays: 0,
      lowBalanceLimit: 0,
      rewardAmt: 0,
      patientAmt: 0,
      allowedUsers: [],
      reasonRestriction: null,
      pharmacyRestriction: null,
      checkoutMessage: '',
      authorized: false,
    });
    expect(program.notifications).toEqual({
      email: null,
      phone: null,
      lowBalance: { email: false, sms: false },
      prepayClaimed: { email: false, sms: false },
      prepayRx: { email: false, sms: false },
      prepayRxDenied: { email: false, sms: false },
    });
  });

  it('keeps set limits, e.g. the 25-day reuse interval of the spec', () => {
    const program = prepayProgramSchema.parse({
      ...minimalProgram,
      reuseIntervalDays: 25,
      perAccountLimit: 2,
      lowBalanceLimit: 10_000,
      notifications: { email: 'rx@pharmacy.example', lowBalance: { email: true } },
    });
    expect(program.reuseIntervalDays).toBe(25);
    expect(program.notifications.lowBalance).toEqual({ email: true, sms: false });
  });

  it('rejects negative or fractional limits and amounts, naming the field', () => {
    expect(issuePaths(prepayProgramSchema, { ...minimalProgram, perAccountLimit: -1 })).toEqual([
      'perAccountLimit',
    ]);
    expect(issuePaths(prepayProgramSchema, { ...minimalProgram, reuseIntervalDays: 1.5 })).toEqual([
      'reuseIntervalDays',
    ]);
    expect(issuePaths(prepayProgramSchema, { ...minimalProgram, balance: 10.25 })).toEqual([
      'balance',
    ]);
    expect(
      issuePaths(prepayProgramSchema, { ...minimalProgram, allowedUsers: ['a@b.co', 'nope'] }),
    ).toEqual(['allowedUsers.1']);
  });
});

describe('one-time codes and access tokens', () => {
  it('a one-time code has a 12-character nOnce, a url and its delivery', () => {
    const code = oneTimeCodeSchema.parse({
      nOnce: 'AB12CD34EF56',
      url: 'https://app.example.com/#/prepay-program/AB12CD34EF56',
      delivery: { channel: 'email', to: 'pat@example.com' },
    });
    expect(code.object).toEqual({});
    expect(code.delivery.sentAt).toBeNull();
    expect(
      issuePaths(oneTimeCodeSchema, { nOnce: 'short', url: 'x', delivery: { channel: 'fax' } }),
    ).toEqual(['nOnce', 'url', 'delivery.channel']);
  });

  it('an access token starts unclaimed, single-use, without interval', () => {
    expect(accessTokenSchema.parse({ code: 'AB12CD34EF56', programId: ID })).toEqual({
      code: 'AB12CD34EF56',
      programId: ID,
      state: 'unclaimed',
      use: 'single',
      multipleUseIntervalDays: 0,
      claimedBy: null,
      firstClaimedAt: null,
      deniedAt: null,
      claimCount: 0,
    });
  });

  it('the pharmacy version is multiple-use within an interval of days', () => {
    const token = accessTokenSchema.parse({
      code: 'AB12CD34EF56',
      programId: ID,
      state: 'claimed',
      use: 'multiple',
      multipleUseIntervalDays: 30,
      claimedBy: OWNER,
      firstClaimedAt: '2024-05-01T14:00:00Z',
      claimCount: 2,
    });
    expect(token.use).toBe('multiple');
    expect(
      issuePaths(accessTokenSchema, {
        code: 'AB12CD34EF56',
        programId: ID,
        use: 'twice',
        multipleUseIntervalDays: -1,
      }),
    ).toEqual(['use', 'multipleUseIntervalDays']);
  });

  it('knows the four token states and a code of exactly 12 characters', () => {
    for (const state of ['unclaimed', 'claimed', 'claimedWithRx', 'denied']) {
      expect(
        accessTokenSchema.safeParse({ code: 'AB12CD34EF56', programId: ID, state }).success,
      ).toBe(true);
    }
    expect(
      issuePaths(accessTokenSchema, { code: 'AB12CD34EF5', programId: ID, state: 'used' }),
    ).toEqual(['code', 'state']);
  });

  it('an authorized user has a per-user visit limit, 0 meaning none', () => {
    expect(authorizedUserSchema.parse({ email: 'pat@example.com' })).toEqual({
      email: 'pat@example.com',
      visitLimit: 0,
      visitsUsed: 0,
    });
    expect(issuePaths(authorizedUserSchema, { email: 'pat@example.com', visitLimit: -2 })).toEqual([
      'visitLimit',
    ]);
  });
});

describe('prepay purchase form', () => {
  it('needs at least one visit and a name; authorized users default to none', () => {
    expect(prepayPurchaseFormSchema.parse({ visitCount: 10, name: ' Store 12 ' })).toEqual({
      visitCount: 10,
      name: 'Store 12',
      authorizedUsers: [],
    });
    expect(issuePaths(prepayPurchaseFormSchema, { visitCount: 0, name: 'x' })).toEqual([
      'visitCount',
    ]);
    expect(issuePaths(prepayPurchaseFormSchema, { visitCount: 2.5, name: '' })).toEqual([
      'visitCount',
      'name',
    ]);
    expect(
      issuePaths(prepayPurchaseFormSchema, { visitCount: 1, name: 'x', authorizedUsers: ['bad'] }),
    ).toEqual(['authorizedUsers.0']);
  });

  it('the authorized-users update lists e-mails', () => {
    expect(prepayAuthorizedUpdateSchema.parse({ allowedUsers: ['a@b.co'] }).allowedUsers).toEqual([
      'a@b.co',
    ]);
  });
});

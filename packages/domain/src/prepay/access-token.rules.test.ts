import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import {
  type AccessToken,
  canClaimToken,
  canUseProgram,
  claimToken,
  creditVisitBack,
  dayMs,
  denyToken,
  exampleReuseIntervalDays,
  isLowBalance,
  limitRefusalMessages,
  lowBalanceNoticedAfter,
  maxOutstandingTokens,
  newAccessToken,
  normalizeToken,
  prepayNoLimit,
  recordPrescription,
  shouldNotifyLowBalance,
  tokenFromBytes,
  tokenLength,
  tokenRefusalMessages,
  tokenRoom,
  tokenSchema,
  tokenSendLimits,
  validateToken,
  withinLimit,
} from './access-token.rules';

const t0 = Date.UTC(2025, 0, 1);

function claimed(token: AccessToken, now = t0): AccessToken {
  const r = claimToken(token, now, exampleReuseIntervalDays);
  if (!r.ok) throw new Error(r.reason);
  return r.token;
}

describe('access token life (spec section 4)', () => {
  it('goes unclaimed -> claimed -> claimedWithRx and notifies the pharmacy', () => {
    const first = claimToken(newAccessToken(), t0, 25);
    expect(first).toMatchObject({ ok: true, notifications: ['prepayClaimed'] });
    if (!first.ok) return;
    expect(first.token.state).toBe('claimed');
    const rx = recordPrescription(first.token);
    expect(rx).toMatchObject({ ok: true, notifications: ['prepayRx'], creditBack: false });
    if (rx.ok) expect(rx.token.state).toBe('claimedWithRx');
  });

  it('a single-use token is spent once a prescription is written', () => {
    const rx = recordPrescription(claimed(newAccessToken()));
    if (!rx.ok) throw new Error('expected ok');
    expect(canClaimToken(rx.token, t0 + 365 * dayMs, 25)).toEqual({
      ok: false,
      reason: 'alreadyUsed',
    });
  });

  it('cannot be claimed twice while its visit is open', () => {
    expect(canClaimToken(claimed(newAccessToken()), t0, 25)).toEqual({
      ok: false,
      reason: 'visitInProgress',
    });
  });

  it('on denial credits the visit back and blocks reuse until the interval (25 days) has passed', () => {
    const denied = denyToken(claimed(newAccessToken()), t0);
    expect(denied).toMatchObject({ ok: true, creditBack: true, notifications: ['prepayRxDenied'] });
    if (!denied.ok) return;
    expect(denied.token.state).toBe('denied');
    expect(canClaimToken(denied.token, t0 + 25 * dayMs - 1, 25)).toEqual({
      ok: false,
      reason: 'reuseNotYet',
    });
    expect(canClaimToken(denied.token, t0 + 25 * dayMs, 25)).toEqual({ ok: true });
    expect(creditVisitBack({ id: 'p', balance: 4 })).toEqual({ id: 'p', balance: 5 });
  });

  it('a reuse interval of 0 means none: a denied token is reusable at once', () => {
    const denied = denyToken(claimed(newAccessToken()), t0);
    if (!denied.ok) throw new Error('expected ok');
    expect(canClaimToken(denied.token, t0, 0)).toEqual({ ok: true });
  });

  it('law: a denied token is reusable exactly when the interval has passed', () => {
    fc.assert(
      fc.property(fc.nat(400), fc.nat(500 * dayMs), (days, elapsed) => {
        const denied = denyToken(claimed(newAccessToken()), t0);
        if (!denied.ok) throw new Error('expected ok');
        expect(canClaimToken(denied.token, t0 + elapsed, days).ok).toBe(elapsed >= days * dayMs);
      }),
    );
  });

  it('only a claimed token can get a prescription or be denied', () => {
    expect(recordPrescription(newAccessToken())).toEqual({ ok: false, reason: 'wrongState' });
    expect(denyToken(newAccessToken(), t0)).toEqual({ ok: false, reason: 'wrongState' });
  });

  it('pharmacy version: multiple use within the time interval counted from the first claim', () => {
    let token = newAccessToken('multiple', 30);
    for (let i = 0; i < 3; i++) {
      const c = claimToken(token, t0 + i * dayMs, 25);
      if (!c.ok) throw new Error(c.reason);
      const rx = recordPrescription(c.token);
      if (!rx.ok) throw new Error(rx.reason);
      token = rx.token;
    }
    expect(token.claimCount).toBe(3);
    expect(token.firstClaimedAt).toBe(t0);
    expect(canClaimToken(token, t0 + 30 * dayMs - 1, 25)).toEqual({ ok: true });
    expect(canClaimToken(token, t0 + 30 * dayMs, 25)).toEqual({
      ok: false,
      reason: 'intervalEnded',
    });
  });

  it('every refusal has a message in en and es', () => {
    for (const key of [
      ...Object.values(tokenRefusalMessages),
      ...Object.values(limitRefusalMessages),
    ]) {
      expect(translate('en', key)).not.toBe('');
      expect(translate('es', key)).not.toBe('');
    }
  });
});

describe('program limits (spec sections 3 and 9)', () => {
  const base = {
    limits: { perAccountLimit: 0, lowBalanceLimit: 0, allowedUsers: [] },
    balance: 5,
    visitCost: 1,
    userEmail: 'ana@example.com',
    userVisitsUsed: 0,
    accountVisitsUsed: 0,
  };

  it('law: a limit of 0 means none', () => {
    fc.assert(
      fc.property(fc.nat(), (used) => {
        expect(withinLimit(used, 0)).toBe(true);
      }),
    );
  });

  it('stops an account at perAccountLimit', () => {
    const limits = { ...base.limits, perAccountLimit: 2 };
    expect(canUseProgram({ ...base, limits, accountVisitsUsed: 1 })).toEqual({ ok: true });
    expect(canUseProgram({ ...base, limits, accountVisitsUsed: 2 })).toEqual({
      ok: false,
      reason: 'accountLimitReached',
    });
  });

  it('lets only authorized users use the program, each within their own visit limit', () => {
    const limits = {
      ...base.limits,
      allowedUsers: [{ email: 'Ana@Example.com', visitLimit: 1 }, { email: 'bo@example.com' }],
    };
    expect(canUseProgram({ ...base, limits })).toEqual({ ok: true });
    expect(canUseProgram({ ...base, limits, userVisitsUsed: 1 })).toEqual({
      ok: false,
      reason: 'userLimitReached',
    });
    expect(
      canUseProgram({ ...base, limits, userEmail: 'bo@example.com', userVisitsUsed: 9 }),
    ).toEqual({
      ok: true,
    });
    expect(canUseProgram({ ...base, limits, userEmail: 'eve@example.com' })).toEqual({
      ok: false,
      reason: 'notAuthorized',
    });
  });

  it('needs enough balance for the visit', () => {
    expect(canUseProgram({ ...base, balance: 0 })).toEqual({
      ok: false,
      reason: 'insufficientBalance',
    });
  });

  it('low balance: 0 turns it off; otherwise fires once when the balance falls to the limit', () => {
    expect(isLowBalance(0, 0)).toBe(false);
    expect(shouldNotifyLowBalance(10, 0, 0, false)).toBe(false);
    // A 5-visit program with a limit of 4 warns when the balance drops to 4.
    expect(shouldNotifyLowBalance(5, 4, 4, false)).toBe(true);
    expect(shouldNotifyLowBalance(4, 3, 4, true)).toBe(false);
    expect(shouldNotifyLowBalance(6, 5, 4, false)).toBe(false);
  });

  it('low balance: a program bought at or under its limit warns at its first redemption (issue 33)', () => {
    // 2 visits, limit 2: the redemption that leaves 1 tells the holder, the next does not.
    expect(shouldNotifyLowBalance(2, 1, 2, false)).toBe(true);
    expect(lowBalanceNoticedAfter(1, 2)).toBe(true);
    expect(shouldNotifyLowBalance(1, 0, 2, true)).toBe(false);
    // Topped up over the limit, the flag clears; the next fall under it warns again.
    expect(lowBalanceNoticedAfter(5, 2)).toBe(false);
    expect(shouldNotifyLowBalance(3, 2, 2, true)).toBe(true);
  });

  it('law: low-balance fires iff the balance ends at or under the limit, once per crossing', () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.nat(100_000),
        fc.integer({ min: 1, max: 100_000 }),
        fc.boolean(),
        (b, a, l, noticed) => {
          expect(shouldNotifyLowBalance(b, a, l, noticed)).toBe(a <= l && (b > l || !noticed));
        },
      ),
    );
  });
});

describe('prepay dictionary texts (spec section 8)', () => {
  it("splits 'Access Token was not added/deleted/sent' into one text per verb and keeps the others", () => {
    expect(translate('en', 'prepay.tokenNotAdded')).toBe('Access Token was not added');
    expect(translate('en', 'prepay.tokenNotDeleted')).toBe('Access Token was not deleted');
    expect(translate('en', 'prepay.tokenNotSent')).toBe('Access Token was not sent');
    expect(translate('en', 'prepay.authorizedUsersNotUpdated')).toBe(
      'Authorized user list was not updated',
    );
    expect(translate('en', 'prepay.programNotUpdated')).toBe('Program was not updated');
  });
});

describe('token (spec 5)', () => {
  it('needs exactly 12 characters', () => {
    expect(validateToken('ABCDEF123456')).toEqual({ ok: true });
    expect(validateToken('ABCDEF12345')).toEqual({ ok: false, key: 'validation.token.length' });
    expect(validateToken('ABCDEF1234567')).toEqual({ ok: false, key: 'validation.token.length' });
  });

  it('refuses / \\ ? # and colon', () => {
    for (const bad of ['/', '\\', '?', '#', ':']) {
      const token = `ABCDE${bad}123456`;
      expect({ token, check: validateToken(token) }).toEqual({
        token,
        check: { ok: false, key: 'validation.token.characters' },
      });
    }
    expect(tokenSchema.parse(' ABCDEF123456 ')).toBe('ABCDEF123456');
  });
});

describe('generated codes', () => {
  it('are 12 characters of the alphabet, valid tokens, from any random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
        fc.pre(bytes.filter((b) => b < 248).length >= 12);
        const code = tokenFromBytes(bytes);
        expect(code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
        expect(validateToken(code)).toEqual({ ok: true });
      }),
    );
    expect(() => tokenFromBytes(new Uint8Array(12).fill(255))).toThrow();
    expect(normalizeToken(' abcdefgh2345 ')).toBe('ABCDEFGH2345');
  });
});

describe('prepay conventions (spec 9)', () => {
  it('uses 0 for no limit, a 25-day example reuse interval and 12-character tokens', () => {
    expect({ prepayNoLimit, exampleReuseIntervalDays, tokenLength }).toEqual({
      prepayNoLimit: 0,
      exampleReuseIntervalDays: 25,
      tokenLength: 12,
    });
  });
});

describe('unused tokens and sends (issue 32)', () => {
  it('lets a program hold two unused tokens per visit left, and two with none left', () => {
    expect([0, 1, 2, 30].map(maxOutstandingTokens)).toEqual([2, 2, 4, 60]);
    expect(tokenRoom(1, 0)).toBe(2);
    expect(tokenRoom(1, 2)).toBe(0);
    // A program whose balance fell below its unused tokens has no room, never less.
    expect(tokenRoom(1, 601)).toBe(0);
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(3000), (balance, outstanding) => {
        const room = tokenRoom(balance, outstanding);
        expect(room).toBeGreaterThanOrEqual(0);
        expect(outstanding + room).toBeLessThanOrEqual(Math.max(outstanding, 2 * balance, 2));
      }),
    );
  });

  it('states the send limits: 3 a day to one recipient; 50 an hour and 200 a day per program', () => {
    expect(tokenSendLimits).toEqual({
      perRecipient: { max: 3, windowSeconds: 86_400 },
      perProgramHour: { max: 50, windowSeconds: 3_600 },
      perProgramDay: { max: 200, windowSeconds: 86_400 },
    });
  });
});

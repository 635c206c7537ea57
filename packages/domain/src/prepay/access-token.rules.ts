import {
  checkedString,
  type Check as FieldCheck,
  fail,
  isBlank,
  ok,
} from '../validation/checks.rules';
import type { PrepayMessageKey } from './prepay.messages';

/**
 * Prepay access tokens and program limits (spec sections 3, 4 and 9). Times are epoch
 * milliseconds and every function that needs the time takes `now`; nothing reads a clock.
 *
 * Token life (spec section 4): unclaimed -> claimed (used for a visit) -> claimedWithRx
 * (a prescription was written) or denied. On denial the visit is credited back to the program
 * and the token cannot be reused until the program's reuse interval has passed.
 *
 */

export const accessTokenStates = ['unclaimed', 'claimed', 'claimedWithRx', 'denied'] as const;
export type AccessTokenState = (typeof accessTokenStates)[number];

/**
 * How a redeemed visit ends for its program: a prescription keeps the visit used, a denial
 * credits it back, a release (the patient cancelled) frees it.
 */
export type Settlement = 'claimedWithRx' | 'denied' | 'released';

/**
 * How many unused access tokens (unclaimed, not deleted) a program may hold at once:
 * two for each visit left, counting a program with no visit left as one (so 2 at least).
 */
export const tokensPerRemainingVisit = 2;

export function maxOutstandingTokens(balance: number): number {
  return Math.max(1, balance) * tokensPerRemainingVisit;
}

/** How many more unused tokens a program may be given now (never below 0). */
export function tokenRoom(balance: number, outstanding: number): number {
  return Math.max(0, maxOutstandingTokens(balance) - outstanding);
}

/**
 * How many access tokens may be sent (by e-mail or SMS, new or again), counted per window: to
 * one phone number or e-mail address, from any program; and from one program.
 */
export const tokenSendLimits = {
  perRecipient: { max: 3, windowSeconds: 24 * 60 * 60 },
  perProgramHour: { max: 50, windowSeconds: 60 * 60 },
  perProgramDay: { max: 200, windowSeconds: 24 * 60 * 60 },
} as const;

/** In prepay limits and notification settings, 0 means no limit / no notification. */
export const prepayNoLimit = 0;
export const dayMs = 24 * 60 * 60 * 1000;
/** The spec's example reuse interval (section 9). 0 means no interval. */
export const exampleReuseIntervalDays = 25;

/**
 * single: one visit (the default). multiple: the pharmacy version, any number of visits while
 * the time interval lasts, counted from the first claim (decision); 0 days = no time limit.
 */
export type TokenUse = 'single' | 'multiple';

export interface AccessToken {
  readonly state: AccessTokenState;
  readonly use: TokenUse;
  /** Multiple-use interval in days (0 = no limit). Ignored for single-use tokens. */
  readonly multipleUseIntervalDays: number;
  readonly firstClaimedAt?: number | undefined;
  readonly deniedAt?: number | undefined;
  readonly claimCount: number;
}

export function newAccessToken(use: TokenUse = 'single', multipleUseIntervalDays = 0): AccessToken {
  return { state: 'unclaimed', use, multipleUseIntervalDays, claimCount: 0 };
}

export type TokenRefusal = 'alreadyUsed' | 'reuseNotYet' | 'visitInProgress' | 'intervalEnded';

export const tokenRefusalMessages: Readonly<Record<TokenRefusal, PrepayMessageKey>> = {
  alreadyUsed: 'prepay.token.alreadyUsed',
  reuseNotYet: 'prepay.token.reuseNotYet',
  visitInProgress: 'prepay.token.visitInProgress',
  intervalEnded: 'prepay.token.intervalEnded',
};

/** When a denied token can be used again: deniedAt + reuse interval (0 = at once). */
export function reusableAt(token: AccessToken, reuseIntervalDays: number): number | undefined {
  if (token.state !== 'denied' || token.deniedAt === undefined) return undefined;
  return token.deniedAt + Math.max(0, reuseIntervalDays) * dayMs;
}

/** The end of a multiple-use token's interval, or undefined when it has none (yet). */
export function multipleUseEndsAt(token: AccessToken): number | undefined {
  if (token.use !== 'multiple' || token.multipleUseIntervalDays <= 0) return undefined;
  if (token.firstClaimedAt === undefined) return undefined;
  return token.firstClaimedAt + token.multipleUseIntervalDays * dayMs;
}

export type Check<R> = { readonly ok: true } | { readonly ok: false; readonly reason: R };

/**
 * Whether the token can be claimed for a visit now.
 * - unclaimed: yes;
 * - denied: once the reuse interval since the denial has passed;
 * - claimed: no, the visit it was claimed for is still open;
 * - claimedWithRx: single-use tokens are spent; multiple-use tokens may be claimed again
 *   while their interval lasts.
 */
export function canClaimToken(
  token: AccessToken,
  now: number,
  reuseIntervalDays: number,
): Check<TokenRefusal> {
  const endsAt = multipleUseEndsAt(token);
  if (endsAt !== undefined && now >= endsAt) return { ok: false, reason: 'intervalEnded' };
  switch (token.state) {
    case 'unclaimed':
      return { ok: true };
    case 'claimed':
      return { ok: false, reason: 'visitInProgress' };
    case 'claimedWithRx':
      return token.use === 'multiple' ? { ok: true } : { ok: false, reason: 'alreadyUsed' };
    case 'denied': {
      const at = reusableAt(token, reuseIntervalDays) ?? now;
      return now >= at ? { ok: true } : { ok: false, reason: 'reuseNotYet' };
    }
  }
}

/** Notifications the pharmacy receives (spec section 4). */
export type PharmacyNotification = 'lowBalance' | 'prepayClaimed' | 'prepayRx' | 'prepayRxDenied';

export type TokenResult =
  | {
      readonly ok: true;
      readonly token: AccessToken;
      readonly notifications: readonly PharmacyNotification[];
      /** The visit is credited back to the program (denial). */
      readonly creditBack: boolean;
    }
  | { readonly ok: false; readonly reason: TokenRefusal | 'wrongState' };

/** unclaimed (or reusable) -> claimed; notifies the pharmacy 'prepay claimed'. */
export function claimToken(
  token: AccessToken,
  now: number,
  reuseIntervalDays: number,
): TokenResult {
  const check = canClaimToken(token, now, reuseIntervalDays);
  if (!check.ok) return check;
  return {
    ok: true,
    token: {
      ...token,
      state: 'claimed',
      firstClaimedAt: token.firstClaimedAt ?? now,
      deniedAt: undefined,
      claimCount: token.claimCount + 1,
    },
    notifications: ['prepayClaimed'],
    creditBack: false,
  };
}

/** claimed -> claimedWithRx (a prescription was written); notifies 'prepay rx'. */
export function recordPrescription(token: AccessToken): TokenResult {
  if (token.state !== 'claimed') return { ok: false, reason: 'wrongState' };
  return {
    ok: true,
    token: { ...token, state: 'claimedWithRx' },
    notifications: ['prepayRx'],
    creditBack: false,
  };
}

/**
 * claimed -> denied: the prescription could not be approved. The visit is credited back to
 * the program and the reuse interval starts now; notifies 'prepay rx denied'.
 */
export function denyToken(token: AccessToken, now: number): TokenResult {
  if (token.state !== 'claimed') return { ok: false, reason: 'wrongState' };
  return {
    ok: true,
    token: { ...token, state: 'denied', deniedAt: now },
    notifications: ['prepayRxDenied'],
    creditBack: true,
  };
}

/** The program after a denial: the visit goes back to its balance (balances count visits). */
export function creditVisitBack<P extends { readonly balance: number }>(program: P): P {
  return { ...program, balance: program.balance + 1 };
}

// ---- Program limits ----

export interface AuthorizedUser {
  readonly email: string;
  /** Per-user visit limit; 0 = none. */
  readonly visitLimit?: number | undefined;
}

export interface ProgramLimits {
  /** Visits one account may take from the program; 0 = none. */
  readonly perAccountLimit: number;
  /** Notify the pharmacy when the balance falls to this or below; 0 = off. */
  readonly lowBalanceLimit: number;
  /** Authorized users (e-mails). An empty list lets anyone with the token use the program. */
  readonly allowedUsers: readonly AuthorizedUser[];
}

export type LimitRefusal =
  | 'notAuthorized'
  | 'userLimitReached'
  | 'accountLimitReached'
  | 'insufficientBalance';

export const limitRefusalMessages: Readonly<Record<LimitRefusal, PrepayMessageKey>> = {
  notAuthorized: 'prepay.limit.notAuthorized',
  userLimitReached: 'prepay.limit.userLimitReached',
  accountLimitReached: 'prepay.limit.accountLimitReached',
  insufficientBalance: 'prepay.limit.insufficientBalance',
};

/** A limit of 0 means none. */
export function withinLimit(used: number, limit: number): boolean {
  return limit <= 0 || used < limit;
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Whether one more visit may be taken from the program by this user and account.
 * The order of checks: authorized user, per-user limit, per-account limit, balance.
 */
export function canUseProgram(input: {
  readonly limits: ProgramLimits;
  readonly balance: number;
  readonly visitCost: number;
  readonly userEmail: string;
  readonly userVisitsUsed: number;
  readonly accountVisitsUsed: number;
}): Check<LimitRefusal> {
  const { limits } = input;
  if (limits.allowedUsers.length > 0) {
    const user = limits.allowedUsers.find((u) => sameEmail(u.email, input.userEmail));
    if (!user) return { ok: false, reason: 'notAuthorized' };
    if (!withinLimit(input.userVisitsUsed, user.visitLimit ?? 0)) {
      return { ok: false, reason: 'userLimitReached' };
    }
  }
  if (!withinLimit(input.accountVisitsUsed, limits.perAccountLimit)) {
    return { ok: false, reason: 'accountLimitReached' };
  }
  if (input.balance < input.visitCost) return { ok: false, reason: 'insufficientBalance' };
  return { ok: true };
}

/**
 * The balance is low: at or under the low-balance limit (0 = off). The spec says "under a set
 * limit"; the agreed rule is at or under: a limit of 4 warns when the balance drops to 4.
 */
export function isLowBalance(balance: number, lowBalanceLimit: number): boolean {
  return lowBalanceLimit > 0 && balance <= lowBalanceLimit;
}

/**
 * The low-balance notification (spec section 4): a redemption that leaves the balance
 * at or under the limit tells the holder once per crossing. A crossing is the balance going from
 * over the limit to at or under it, or a program that is at or under it (bought so, or its limit
 * raised) and has not been told since it got there: `noticed` says a notice went for the
 * current stretch at or under the limit (the program's flag; after a redemption it is
 * `isLowBalance(balanceAfter, limit)`, see `lowBalanceNoticedAfter`).
 */
export function shouldNotifyLowBalance(
  balanceBefore: number,
  balanceAfter: number,
  lowBalanceLimit: number,
  noticed: boolean,
): boolean {
  if (!isLowBalance(balanceAfter, lowBalanceLimit)) return false;
  return !isLowBalance(balanceBefore, lowBalanceLimit) || !noticed;
}

/**
 * The program's `noticed` flag after a redemption: set while the balance is at or under the
 * limit (the redemption told the holder, or one before it did), cleared when it is not.
 */
export function lowBalanceNoticedAfter(balanceAfter: number, lowBalanceLimit: number): boolean {
  return isLowBalance(balanceAfter, lowBalanceLimit);
}

// --- The token as typed (spec section 5) ---------------------------------------------------

export const tokenLength = 12;

/** Characters an access token may not contain: / \ ? # and colon. */
export const tokenForbiddenCharacters = /[/\\?#:]/;

/** Access token: exactly 12 characters, none of / \ ? # : */
export function validateToken(token: string | null | undefined): FieldCheck {
  if (token === null || token === undefined || isBlank(token)) return fail('common.required');
  if (tokenForbiddenCharacters.test(token)) return fail('validation.token.characters');
  return [...token].length === tokenLength ? ok : fail('validation.token.length');
}
export const tokenSchema = checkedString(validateToken);

/**
 * The characters generated codes use: capitals and digits without the look-alikes (0 O 1 I L),
 * so a code read aloud or typed from a text message survives; none of / \ ? # :.
 */
export const tokenAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code from random bytes (at least `tokenLength` of them): uniform over the alphabet. */
export function tokenFromBytes(bytes: Uint8Array): string {
  const usable = 256 - (256 % tokenAlphabet.length);
  let code = '';
  for (const byte of bytes) {
    if (byte >= usable) continue;
    code += tokenAlphabet[byte % tokenAlphabet.length];
    if (code.length === tokenLength) return code;
  }
  throw new Error('not enough random bytes for a token');
}

/** Codes are compared as typed, without surrounding spaces, in capitals. */
export function normalizeToken(code: string): string {
  return code.trim().toUpperCase();
}

import { randomBytes } from 'node:crypto';
import { withCodeGuesses } from '../../platform/code-guesses';
import { AppError, appErrors } from '../../platform/errors';
import {
  type PriceClaim,
  signPriceToken,
  verifyPriceToken,
} from '../../platform/payments/price-tokens';
import type { RateLimiter } from '../../platform/rate-limit';
import type { CouponRecord, CouponsRepo } from './coupons.repo';
import type { SecretsRepo } from './secrets.repo';

export interface PriceAnswer {
  price: number;
  priceToken: string;
  data: { title: string; msg: string };
}

export interface CouponAnswer extends PriceAnswer {
  data: { title: string; msg: string; clearReferralCode: boolean };
}

/** The price an account pays next, and where it comes from. */
export interface AccountPriceAnswer extends PriceAnswer {
  source: 'default' | 'coupon';
  code: string | null;
}

export interface PricingService {
  defaultPrice(accountId: string): Promise<PriceAnswer>;
  /**
   * GET /account/price: the price the account pays next — a coupon it applied and has not paid
   * with (still valid), else the default (an applied coupon kept only in the tab would leave a
   * later login's checkout asking the full fee).
   */
  accountPrice(accountId: string): Promise<AccountPriceAnswer>;
  /** POST /account/price/restore-default: applied coupons set aside; the default price. */
  restoreDefault(accountId: string): Promise<AccountPriceAnswer>;
  referral(accountId: string, code: string): Promise<PriceAnswer>;
  coupon(accountId: string, code: string, options: { redeem: boolean }): Promise<CouponAnswer>;
  redeemed(
    accountId: string,
  ): Promise<{ code: string; title: string; msg: string; redeemedAt: string }[]>;
  /** The price of one item another area sells (`item` names it, e.g. `rx:<visit id>`). */
  itemPrice(accountId: string, item: string, priceCents: number): Promise<PriceAnswer>;
  /** The claim of a token this account may still pay with, or undefined (stale, forged, other account). */
  verify(accountId: string, token: string): Promise<PriceClaim | undefined>;
}

export const priceTokenMinutes = 30;

const couponInvalid = () => new AppError(400, 'COUPON_INVALID', 'payments.coupon.cannotBeUsed');

/** The price a coupon gives on the consultation fee: free, a percentage off, or an amount off. */
export function couponPrice(
  coupon: Pick<CouponRecord, 'kind' | 'value'>,
  feeCents: number,
): number {
  if (coupon.kind === 'free') return 0;
  if (coupon.kind === 'percent')
    return Math.max(0, Math.round((feeCents * (100 - coupon.value)) / 100));
  return Math.max(0, feeCents - coupon.value);
}

/**
 * Prices (spec sections 4, 7, 9): the consultation fee from configuration, a referral code's
 * price, and coupons (free, percent or amount off; expiry; a limit on redemptions). Every price
 * goes out with a signed, short-lived token, so the client cannot change what it pays.
 */
export function createPricingService(deps: {
  /** Counts wrong coupon and referral codes (a caller guessing codes is stopped). */
  limiter: RateLimiter;
  coupons: Pick<
    CouponsRepo,
    'coupon' | 'redeemCoupon' | 'redemptions' | 'appliedCoupon' | 'setAsideCoupons'
  >;
  secrets: SecretsRepo;
  /** A referral code's offer (the brands area owns the codes). */
  referral: (
    code: string,
  ) => Promise<{ title: string; message: string; priceCents: number | null } | undefined>;
  feeCents: number;
  now?: () => Date;
}): PricingService {
  const now = deps.now ?? (() => new Date());
  let secret: Promise<string> | undefined;
  const key = () => {
    secret ??= deps.secrets.secret('price-token', () => randomBytes(32).toString('base64url'));
    return secret;
  };
  const token = async (
    accountId: string,
    price: number,
    source: PriceClaim['source'],
    code: string | null,
  ) =>
    signPriceToken(
      { accountId, price, source, code, expiresAt: now().getTime() + priceTokenMinutes * 60_000 },
      await key(),
    );

  const current = (coupon: CouponRecord | undefined) =>
    Boolean(coupon?.active && !(coupon.expiresAt && coupon.expiresAt.getTime() <= now().getTime()));

  async function usableCoupon(code: string): Promise<CouponRecord> {
    const coupon = await deps.coupons.coupon(code.trim().toUpperCase());
    if (!coupon || !current(coupon)) throw couponInvalid();
    if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions)
      throw couponInvalid();
    return coupon;
  }

  async function defaultPrice(accountId: string): Promise<PriceAnswer> {
    return {
      price: deps.feeCents,
      priceToken: await token(accountId, deps.feeCents, 'default', null),
      data: { title: '', msg: '' },
    };
  }

  return {
    defaultPrice,
    async accountPrice(accountId) {
      const applied = await deps.coupons.appliedCoupon(accountId);
      // The redemption is the account's already: the coupon's limit no longer applies to it.
      if (applied && current(applied)) {
        const price = couponPrice(applied, deps.feeCents);
        return {
          price,
          priceToken: await token(accountId, price, 'coupon', applied.code),
          data: { title: applied.title, msg: applied.message },
          source: 'coupon',
          code: applied.code,
        };
      }
      return { ...(await defaultPrice(accountId)), source: 'default', code: null };
    },
    async restoreDefault(accountId) {
      await deps.coupons.setAsideCoupons(accountId);
      return { ...(await defaultPrice(accountId)), source: 'default', code: null };
    },
    async referral(accountId, code) {
      const referral = await withCodeGuesses(deps.limiter, `account:${accountId}`, async () => {
        const found = await deps.referral(code.trim().toUpperCase());
        if (!found) throw appErrors.notFound();
        return found;
      });
      const price = referral.priceCents ?? deps.feeCents;
      return {
        price,
        priceToken: await token(accountId, price, 'referral', code.trim().toUpperCase()),
        data: { title: referral.title, msg: referral.message },
      };
    },
    async coupon(accountId, code, options) {
      // Coupons and referral codes share one count of wrong codes per account.
      const coupon = await withCodeGuesses(deps.limiter, `account:${accountId}`, () =>
        usableCoupon(code),
      );
      if (options.redeem && !(await deps.coupons.redeemCoupon(accountId, coupon.code)))
        throw couponInvalid();
      const price = couponPrice(coupon, deps.feeCents);
      return {
        price,
        priceToken: await token(accountId, price, 'coupon', coupon.code),
        data: { title: coupon.title, msg: coupon.message, clearReferralCode: true },
      };
    },
    async redeemed(accountId) {
      return (await deps.coupons.redemptions(accountId)).map((r) => ({
        code: r.code,
        title: r.title,
        msg: r.message,
        redeemedAt: r.redeemedAt.toISOString(),
      }));
    },
    async itemPrice(accountId, item, priceCents) {
      return {
        price: priceCents,
        priceToken: await token(accountId, priceCents, 'item', item),
        data: { title: '', msg: '' },
      };
    },
    async verify(accountId, priceToken) {
      const claim = verifyPriceToken(priceToken, await key(), now().getTime());
      return claim && claim.accountId === accountId ? claim : undefined;
    },
  };
}

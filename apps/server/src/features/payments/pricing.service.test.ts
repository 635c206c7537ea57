import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../test/fakes';
import { memoryRateLimiter } from '../../platform/rate-limit';
import type { CouponRecord, CouponsRepo } from './coupons.repo';
import { couponPrice, createPricingService, priceTokenMinutes } from './pricing.service';

const maria = '1b5c9e80-0000-4000-8000-000000000001';
const nora = '1b5c9e80-0000-4000-8000-000000000002';
const fee = 4900;
/** When each test's clock starts. */
const start = fakeClock().now();

const aCoupon = (overrides: Partial<CouponRecord> = {}): CouponRecord => ({
  code: 'SPRING',
  brandId: 'apothecall',
  kind: 'percent',
  value: 20,
  title: 'Spring',
  message: '20% off',
  expiresAt: null,
  maxRedemptions: null,
  redemptions: 0,
  active: true,
  ...overrides,
});

/** Coupons and redemptions in memory, with the repo's limit on redemptions. */
function setup(coupons: CouponRecord[] = [aCoupon()]) {
  const clock = fakeClock();
  const redemptions: { accountId: string; code: string; at: Date; setAside: boolean }[] = [];
  const repo: Pick<
    CouponsRepo,
    'coupon' | 'redeemCoupon' | 'redemptions' | 'appliedCoupon' | 'setAsideCoupons'
  > = {
    async coupon(code) {
      const found = coupons.find((c) => c.code === code);
      return found ? { ...found } : undefined;
    },
    async redeemCoupon(accountId, code) {
      if (redemptions.some((r) => r.accountId === accountId && r.code === code && !r.setAside))
        return true;
      const coupon = coupons.find((c) => c.code === code);
      if (
        !coupon ||
        (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions)
      )
        return false;
      coupon.redemptions += 1;
      redemptions.push({ accountId, code, at: clock.now(), setAside: false });
      return true;
    },
    async redemptions(accountId) {
      return redemptions
        .filter((r) => r.accountId === accountId && !r.setAside)
        .map((r) => {
          const coupon = coupons.find((c) => c.code === r.code);
          return {
            code: r.code,
            title: coupon?.title ?? '',
            message: coupon?.message ?? '',
            redeemedAt: r.at,
          };
        });
    },
    async appliedCoupon(accountId) {
      const last = redemptions.filter((r) => r.accountId === accountId && !r.setAside).at(-1);
      const coupon = last && coupons.find((c) => c.code === last.code);
      return coupon ? { ...coupon } : undefined;
    },
    async setAsideCoupons(accountId) {
      for (const r of redemptions) {
        if (r.accountId !== accountId || r.setAside) continue;
        r.setAside = true;
        const coupon = coupons.find((c) => c.code === r.code);
        if (coupon) coupon.redemptions -= 1;
      }
    },
  };
  const referrals: Record<string, { title: string; message: string; priceCents: number | null }> = {
    FRIEND: { title: 'Friend', message: 'From a friend', priceCents: 2900 },
    PLAIN: { title: 'Plain', message: 'Welcome', priceCents: null },
  };
  const service = createPricingService({
    limiter: memoryRateLimiter(() => clock.now().getTime()),
    coupons: repo,
    secrets: { secret: async () => 'test-secret' },
    referral: async (code) => referrals[code],
    feeCents: fee,
    now: clock.now,
  });
  return { service, coupons, redemptions, clock };
}

describe("a coupon's price", () => {
  it('is free, a percentage off (rounded) or an amount off, never below zero', () => {
    expect(couponPrice({ kind: 'free', value: 0 }, fee)).toBe(0);
    expect(couponPrice({ kind: 'percent', value: 15 }, 4999)).toBe(4249);
    expect(couponPrice({ kind: 'amount', value: 1000 }, fee)).toBe(3900);
    expect(couponPrice({ kind: 'amount', value: 9000 }, fee)).toBe(0);
  });
});

describe('prices and their tokens', () => {
  it('signs the default fee for the account only, for a limited time', async () => {
    const { service, clock } = setup();
    const answer = await service.defaultPrice(maria);
    expect(answer.price).toBe(fee);
    expect(await service.verify(maria, answer.priceToken)).toMatchObject({
      accountId: maria,
      price: fee,
      source: 'default',
      code: null,
    });
    expect(await service.verify(nora, answer.priceToken)).toBeUndefined();
    expect(await service.verify(maria, `${answer.priceToken}x`)).toBeUndefined();
    clock.advance(priceTokenMinutes * 60_000 + 1);
    expect(await service.verify(maria, answer.priceToken)).toBeUndefined();
  });

  it("prices another area's item bound to it", async () => {
    const { service } = setup();
    const answer = await service.itemPrice(maria, 'rx:visit-1', 2500);
    expect(await service.verify(maria, answer.priceToken)).toMatchObject({
      price: 2500,
      source: 'item',
      code: 'rx:visit-1',
    });
  });

  it("gives a referral code's price (or the fee when it sets none), upper-cased and trimmed; an unknown one is not found", async () => {
    const { service } = setup();
    const friend = await service.referral(maria, ' friend ');
    expect(friend).toMatchObject({ price: 2900, data: { title: 'Friend', msg: 'From a friend' } });
    expect(await service.verify(maria, friend.priceToken)).toMatchObject({
      source: 'referral',
      code: 'FRIEND',
    });
    expect((await service.referral(maria, 'plain')).price).toBe(fee);
    await expect(service.referral(maria, 'NOPE')).rejects.toMatchObject({ status: 404 });
  });
});

describe('coupons', () => {
  it("verifies without redeeming, redeems once, and the account's next price is the coupon's until set aside", async () => {
    const { service, coupons } = setup();
    const checked = await service.coupon(maria, 'spring', { redeem: false });
    expect(checked).toMatchObject({
      price: 3920,
      data: { title: 'Spring', msg: '20% off', clearReferralCode: true },
    });
    expect((await service.accountPrice(maria)).source).toBe('default');
    await service.coupon(maria, 'SPRING', { redeem: true });
    expect(coupons[0]?.redemptions).toBe(1);
    const next = await service.accountPrice(maria);
    expect(next).toMatchObject({ price: 3920, source: 'coupon', code: 'SPRING' });
    expect(await service.verify(maria, next.priceToken)).toMatchObject({
      source: 'coupon',
      code: 'SPRING',
      price: 3920,
    });
    expect((await service.redeemed(maria)).map((r) => r.code)).toEqual(['SPRING']);
    expect(await service.restoreDefault(maria)).toMatchObject({
      price: fee,
      source: 'default',
      code: null,
    });
    expect(coupons[0]?.redemptions).toBe(0);
    expect((await service.accountPrice(maria)).source).toBe('default');
  });

  it('refuses an unknown, inactive, expired or used-up coupon (400 COUPON_INVALID)', async () => {
    const { service } = setup([
      aCoupon({ code: 'OFF', active: false }),
      aCoupon({ code: 'OLD', expiresAt: new Date(start.getTime() - 1) }),
      aCoupon({ code: 'FULL', maxRedemptions: 1, redemptions: 1 }),
      aCoupon({ code: 'LAST', maxRedemptions: 1 }),
    ]);
    for (const code of ['NONE', 'OFF', 'OLD', 'FULL']) {
      await expect(service.coupon(maria, code, { redeem: false })).rejects.toMatchObject({
        status: 400,
        code: 'COUPON_INVALID',
      });
    }
    await service.coupon(maria, 'LAST', { redeem: true });
    await expect(service.coupon(nora, 'LAST', { redeem: true })).rejects.toMatchObject({
      code: 'COUPON_INVALID',
    });
  });

  it('stops an account after ten wrong codes (429), even for a right one, counting coupons and referrals together', async () => {
    const { service } = setup();
    for (let i = 0; i < 5; i += 1) {
      await expect(service.coupon(maria, `WRONG${i}`, { redeem: false })).rejects.toMatchObject({
        status: 400,
      });
      await expect(service.referral(maria, `WRONG${i}`)).rejects.toMatchObject({ status: 404 });
    }
    await expect(service.coupon(maria, 'SPRING', { redeem: false })).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
    // Another account is not stopped.
    expect((await service.coupon(nora, 'SPRING', { redeem: false })).price).toBe(3920);
  });

  it('does not keep an applied coupon that has since expired as the next price', async () => {
    const { service, coupons, clock } = setup([
      aCoupon({ expiresAt: new Date(start.getTime() + 60_000) }),
    ]);
    await service.coupon(maria, 'SPRING', { redeem: true });
    expect((await service.accountPrice(maria)).source).toBe('coupon');
    clock.advance(60_000);
    expect(await service.accountPrice(maria)).toMatchObject({ price: fee, source: 'default' });
    expect(coupons[0]?.redemptions).toBe(1);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { usesMemberPricing } from '../pricing/pricing.rules';
import { subscriptionCatalogSchema } from './subscriptions.api';
import {
  addMonthsUtc,
  billedAmountCents,
  cancelSubscription,
  catalogPlan,
  isDue,
  isInForce,
  monthOf,
  nextRenewDate,
  purchaseSubscription,
  type Subscription,
  subscriptionStatuses,
  subscriptionStatusLabelKey,
  uncancelSubscription,
  willAutoRenew,
} from './subscriptions.rules';

const jan1 = Date.UTC(2025, 0, 1);
const jul1 = Date.UTC(2025, 6, 1);
const active: Subscription = { status: 'active', renewDate: jul1, months: 6 };

describe('subscription statuses (spec section 4)', () => {
  it('cancel: active -> cancelled, which does not auto-renew', () => {
    const r = cancelSubscription(active);
    expect(r).toEqual({ ok: true, subscription: { ...active, status: 'cancelled' } });
    if (r.ok) expect(willAutoRenew(r.subscription)).toBe(false);
    expect(willAutoRenew(active)).toBe(true);
  });

  it('uncancel: cancelled -> active while still in force; not after its end', () => {
    const cancelled: Subscription = { ...active, status: 'cancelled' };
    expect(uncancelSubscription(cancelled, jul1 - 1)).toEqual({ ok: true, subscription: active });
    expect(uncancelSubscription(cancelled, jul1)).toEqual({ ok: false, reason: 'notCancelled' });
    expect(uncancelSubscription(active, jan1)).toEqual({ ok: false, reason: 'notCancelled' });
  });

  it('refuses cancel when not active', () => {
    expect(cancelSubscription({ ...active, status: 'inactive' })).toEqual({
      ok: false,
      reason: 'notActive',
    });
  });

  it('law: cancel then uncancel (before the end) gives back the active subscription', () => {
    fc.assert(
      fc.property(fc.constantFrom(3, 6, 12), fc.integer({ min: 1, max: 1e12 }), (months, renew) => {
        const sub: Subscription = { status: 'active', renewDate: renew, months };
        const c = cancelSubscription(sub);
        if (!c.ok) throw new Error('expected ok');
        expect(uncancelSubscription(c.subscription, renew - 1)).toEqual({
          ok: true,
          subscription: sub,
        });
      }),
    );
  });

  it('a cancelled subscription is in force until its renew date, and due then', () => {
    const cancelled: Subscription = { ...active, status: 'cancelled' };
    expect(isInForce(cancelled, jul1 - 1)).toBe(true);
    expect(isInForce(cancelled, jul1)).toBe(false);
    expect(isDue(cancelled, jul1 - 1)).toBe(false);
    expect(isDue(cancelled, jul1)).toBe(true);
    expect(isDue({ ...active, status: 'inactive', renewDate: null }, jul1)).toBe(false);
  });

  it('renews one period after the date that was due, whenever it is paid', () => {
    expect(nextRenewDate(active)).toBe(Date.UTC(2026, 0, 1));
  });

  it('purchase: none or inactive -> active, first renew date one period away; refused in force', () => {
    expect(purchaseSubscription(null, 12, jan1)).toEqual({
      ok: true,
      subscription: { status: 'active', months: 12, renewDate: Date.UTC(2026, 0, 1) },
    });
    expect(purchaseSubscription(active, 12, jan1)).toEqual({ ok: false, reason: 'alreadyActive' });
    expect(purchaseSubscription({ ...active, status: 'cancelled' }, 12, jul1 + 1).ok).toBe(true);
  });

  it('every status has a label in en and es', () => {
    for (const s of subscriptionStatuses) {
      expect(translate('en', subscriptionStatusLabelKey(s))).not.toBe('');
      expect(translate('es', subscriptionStatusLabelKey(s))).not.toBe('');
    }
  });
});

describe('what a plan bills (spec section 9), from a catalog', () => {
  const catalog = subscriptionCatalogSchema.parse({
    plans: [
      { plan: 'individual', period: 'semiannual', monthlyCents: 2500 },
      { plan: 'individual', period: 'annual', monthlyCents: 2500, freeMonths: 1 },
      { plan: 'family', period: 'quarterly', monthlyCents: 4000 },
    ],
    memberVisitCents: 1000,
    nonmemberVisitCents: 3500,
  });

  it('bills $25 a month every 6 months ($150) or annually with one month free ($275)', () => {
    const semi = catalogPlan(catalog, 'individual', 'semiannual');
    const annual = catalogPlan(catalog, 'individual', 'annual');
    expect(semi && billedAmountCents(semi)).toBe(15_000);
    expect(annual && billedAmountCents(annual)).toBe(27_500);
    expect(catalogPlan(catalog, 'family', 'annual')).toBeUndefined();
  });

  it('law: every amount is a non-negative whole number of cents', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('quarterly', 'semiannual', 'annual' as const),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 11 }),
        (period, monthlyCents, freeMonths) => {
          const amount = billedAmountCents({ period, monthlyCents, freeMonths });
          expect(Number.isInteger(amount) && amount >= 0).toBe(true);
        },
      ),
    );
  });
});

describe('member pricing (spec section 5)', () => {
  it('the main user of an active plan, and everyone on a family plan; not otherwise', () => {
    expect(usesMemberPricing({ active: true, family: false }, 0)).toBe(true);
    expect(usesMemberPricing({ active: true, family: false }, 1)).toBe(false);
    expect(usesMemberPricing({ active: true, family: true }, 2)).toBe(true);
    expect(usesMemberPricing({ active: false, family: true }, 0)).toBe(false);
  });
});

describe('dates', () => {
  it('addMonthsUtc clamps to the end of shorter months', () => {
    expect(addMonthsUtc(Date.UTC(2025, 0, 31), 1)).toBe(Date.UTC(2025, 1, 28));
    expect(addMonthsUtc(Date.UTC(2024, 0, 31), 1)).toBe(Date.UTC(2024, 1, 29));
  });

  it('law: adding months always moves forward', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        (t, m) => {
          expect(addMonthsUtc(t, m)).toBeGreaterThan(t);
        },
      ),
    );
  });

  it('monthOf gives the UTC calendar month', () => {
    expect(monthOf(Date.UTC(2026, 10, 30, 23, 59))).toBe('2026-11');
  });
});

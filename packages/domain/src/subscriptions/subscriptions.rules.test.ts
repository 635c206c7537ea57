import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import {
  addMonthsUtc,
  billedAmountCents,
  billingOptions,
  cancelSubscription,
  isInForce,
  onRenewDate,
  purchaseSubscription,
  type Subscription,
  subscriptionPrices,
  subscriptionStatuses,
  subscriptionStatusLabelKey,
  subscriptionVisitPriceCents,
  uncancelSubscription,
  willAutoRenew,
} from './subscriptions.rules';

const jan1 = Date.UTC(2025, 0, 1);
const jul1 = Date.UTC(2025, 6, 1);
const active: Subscription = { status: 'active', renewDate: jul1, period: 'semiannual' };

describe('subscription statuses (spec section 4)', () => {
  it('cancel: active -> cancelled, which does not auto-renew', () => {
    const r = cancelSubscription(active);
    expect(r).toEqual({ ok: true, subscription: { ...active, status: 'cancelled' } });
    if (r.ok) expect(willAutoRenew(r.subscription)).toBe(false);
    expect(willAutoRenew(active)).toBe(true);
  });

  it('uncancel: cancelled -> active, auto-renew back on', () => {
    const r = uncancelSubscription({ ...active, status: 'cancelled' });
    expect(r).toEqual({ ok: true, subscription: active });
  });

  it('refuses cancel when not active and uncancel when not cancelled', () => {
    expect(cancelSubscription({ ...active, status: 'inactive' })).toEqual({
      ok: false,
      reason: 'notActive',
    });
    expect(uncancelSubscription(active)).toEqual({ ok: false, reason: 'notCancelled' });
  });

  it('law: cancel then uncancel gives back the active subscription', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('semiannual', 'annual', 'quarterly' as const),
        fc.nat(),
        (period, renew) => {
          const sub: Subscription = { status: 'active', renewDate: renew, period };
          const c = cancelSubscription(sub);
          if (!c.ok) throw new Error('expected ok');
          expect(uncancelSubscription(c.subscription)).toEqual({ ok: true, subscription: sub });
        },
      ),
    );
  });

  it('a cancelled subscription stays in force until its renew date, then becomes inactive', () => {
    const cancelled: Subscription = { ...active, status: 'cancelled' };
    expect(isInForce(cancelled, jul1 - 1)).toBe(true);
    expect(isInForce(cancelled, jul1)).toBe(false);
    expect(onRenewDate(cancelled, jul1 - 1)).toBe(cancelled);
    expect(onRenewDate(cancelled, jul1)).toEqual({
      ...cancelled,
      status: 'inactive',
      renewDate: null,
    });
  });

  it('an active subscription renews for another period on its renew date', () => {
    expect(onRenewDate(active, jul1)).toEqual({ ...active, renewDate: Date.UTC(2026, 0, 1) });
  });

  it('purchase: inactive -> active with the first renew date one period away', () => {
    expect(purchaseSubscription({ status: 'inactive' }, 'annual', jan1)).toEqual({
      ok: true,
      subscription: { status: 'active', period: 'annual', renewDate: Date.UTC(2026, 0, 1) },
    });
    expect(purchaseSubscription(active, 'annual', jan1)).toEqual({
      ok: false,
      reason: 'alreadyActive',
    });
  });

  it('every status has a label in en and es', () => {
    for (const s of subscriptionStatuses) {
      expect(translate('en', subscriptionStatusLabelKey(s))).not.toBe('');
      expect(translate('es', subscriptionStatusLabelKey(s))).not.toBe('');
    }
  });
});

describe('subscription prices (spec section 9), in cents', () => {
  it('states the text prices', () => {
    expect(subscriptionPrices.subscriberVisitCents).toBe(1000);
    expect(subscriptionPrices.familyMemberOfIndividualPlanVisitCents).toBe(3500);
    expect(subscriptionPrices.monthlyCents).toBe(2500);
  });

  it('charges $10 per visit for the subscriber and $35 for family members of an individual plan', () => {
    expect(subscriptionVisitPriceCents({ plan: 'individual', isSubscriber: true })).toBe(1000);
    expect(subscriptionVisitPriceCents({ plan: 'individual', isSubscriber: false })).toBe(3500);
    expect(subscriptionVisitPriceCents({ plan: 'family', isSubscriber: false })).toBe(1000);
  });

  it('bills $25 a month every 6 months ($150) or annually with one month free ($275)', () => {
    const semi = billingOptions.find((o) => o.period === 'semiannual');
    const annual = billingOptions.find((o) => o.period === 'annual');
    expect(semi && billedAmountCents(semi)).toBe(15_000);
    expect(annual && billedAmountCents(annual)).toBe(27_500);
  });

  it('has quarterly family billing, whose price the text does not state', () => {
    const quarterly = billingOptions.find((o) => o.period === 'quarterly');
    expect(quarterly?.plan).toBe('family');
    expect(quarterly && billedAmountCents(quarterly)).toBeNull();
  });

  it('law: every known amount is a non-negative whole number of cents', () => {
    for (const o of billingOptions) {
      const amount = billedAmountCents(o);
      if (amount !== null) expect(Number.isInteger(amount) && amount >= 0).toBe(true);
    }
  });
});

describe('addMonthsUtc', () => {
  it('clamps to the end of shorter months', () => {
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
});

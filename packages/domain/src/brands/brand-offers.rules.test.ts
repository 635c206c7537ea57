import { describe, expect, it } from 'vitest';
import { catalogFormSchema } from './brand-offers.api';
import {
  catalogProblem,
  changesCouponPrice,
  couponValueProblem,
  fieldChanges,
  isOfferCode,
  normalizeOfferCode,
} from './brand-offers.rules';

describe('brand offers rules', () => {
  it('codes are trimmed and upper-cased, 3 to 32 letters, digits, - or _', () => {
    expect(normalizeOfferCode(' spring25 ')).toBe('SPRING25');
    expect(isOfferCode('save-20')).toBe(true);
    expect(isOfferCode('ab')).toBe(false);
    expect(isOfferCode('-ABC')).toBe(false);
    expect(isOfferCode('A'.repeat(33))).toBe(false);
    expect(isOfferCode("X' OR 1=1")).toBe(false);
  });

  it('a coupon value fits its kind and the fee', () => {
    expect(couponValueProblem('free', 0, 4900)).toBeUndefined();
    expect(couponValueProblem('free', 1, 4900)).toBe('brandOffers.coupon.freeValue');
    expect(couponValueProblem('percent', 100, 4900)).toBeUndefined();
    expect(couponValueProblem('percent', 0, 4900)).toBe('brandOffers.coupon.percentValue');
    expect(couponValueProblem('percent', 101, 4900)).toBe('brandOffers.coupon.percentValue');
    expect(couponValueProblem('amount', 4900, 4900)).toBeUndefined();
    expect(couponValueProblem('amount', 4901, 4900)).toBe('brandOffers.coupon.amountValue');
    expect(couponValueProblem('amount', 0, 4900)).toBe('brandOffers.coupon.amountValue');
  });

  it('a price change is a different kind or value', () => {
    const before = { kind: 'percent', value: 25 };
    expect(changesCouponPrice(before, { value: 25 })).toBe(false);
    expect(changesCouponPrice(before, {})).toBe(false);
    expect(changesCouponPrice(before, { value: 30 })).toBe(true);
    expect(changesCouponPrice(before, { kind: 'amount' })).toBe(true);
  });

  it('field changes name only the fields that differ, with both values', () => {
    expect(
      fieldChanges({ a: 1, b: [1, 2], c: null }, { a: 1, b: [1, 3], c: 'x' }, ['a', 'b', 'c']),
    ).toEqual({ b: { before: [1, 2], after: [1, 3] }, c: { before: null, after: 'x' } });
    expect(fieldChanges(undefined, { a: 1 }, ['a'])).toEqual({ a: { before: null, after: 1 } });
  });

  it('a catalog lists each plan and period once, with something left to bill', () => {
    const plan = {
      plan: 'individual',
      period: 'annual',
      monthlyCents: 100,
      freeMonths: 1,
    } as const;
    expect(catalogProblem({ plans: [plan], rxServices: [] })).toBeUndefined();
    expect(catalogProblem({ plans: [plan, plan], rxServices: [] })).toBe(
      'brandOffers.catalog.duplicatePlan',
    );
    expect(catalogProblem({ plans: [{ ...plan, freeMonths: 12 }], rxServices: [] })).toBe(
      'brandOffers.catalog.freeMonths',
    );
    const service = { id: 'ldn', months: [1, 3] };
    expect(catalogProblem({ plans: [plan], rxServices: [service, service] })).toBe(
      'brandOffers.catalog.duplicateService',
    );
    expect(catalogProblem({ plans: [plan], rxServices: [{ id: 'x', months: [3, 3] }] })).toBe(
      'brandOffers.catalog.duplicateMonths',
    );
  });

  it("the form's catalog is one the subscriptions area reads", () => {
    const parsed = catalogFormSchema.safeParse({
      plans: [{ plan: 'family', period: 'quarterly', monthlyCents: 3900, freeMonths: 0 }],
      memberVisitCents: 1000,
      nonmemberVisitCents: 3500,
      rxServices: [],
    });
    expect(parsed.success).toBe(true);
    const bad = catalogFormSchema.safeParse({
      plans: [{ plan: 'family', period: 'monthly', monthlyCents: 3900, freeMonths: 0 }],
      memberVisitCents: 1000,
      nonmemberVisitCents: 3500,
      rxServices: [],
    });
    expect(bad.error?.issues[0]?.message).toBe('brandOffers.catalog.field.period');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { StoredPrice } from '../../../lib/payments/price-store';
import {
  appointmentPricing,
  attemptMayHaveRun,
  newIdempotencyKey,
  planPriceLoading,
} from './appointment-pricing';

const normal: StoredPrice = { price: 4900, priceToken: 'tok', source: 'coupon', code: 'SAVE' };

describe('the price an appointment starts with', () => {
  it('is the normal price without a plan', () => {
    expect(appointmentPricing(normal, null)).toEqual({
      price: normal,
      subscriptionToken: null,
      pricingChoice: 'coupon',
      planPricing: null,
    });
    expect(appointmentPricing(null, null)).toBeNull();
  });

  it('is the plan’s price for the patient, with its token, when a plan prices them', () => {
    const plan = {
      error: false as const,
      price: 1500,
      subscriptionToken: 'sub-tok',
      pricingChoice: 'member' as const,
    };
    expect(appointmentPricing(normal, plan)).toEqual({
      price: { ...normal, price: 1500 },
      subscriptionToken: 'sub-tok',
      pricingChoice: 'member',
      planPricing: 'member',
    });
  });

  it('waits for the plan’s price only while a plan is in force', () => {
    expect(planPriceLoading({ isPending: true, planInForce: false }, { isPending: false })).toBe(
      true,
    );
    expect(planPriceLoading({ isPending: false, planInForce: false }, { isPending: true })).toBe(
      false,
    );
    expect(planPriceLoading({ isPending: false, planInForce: true }, { isPending: true })).toBe(
      true,
    );
  });
});

describe('an attempt to pay', () => {
  it('keeps its key when the server may have taken it, and gets a new one otherwise', () => {
    expect(attemptMayHaveRun(new ApiError(0, 'NETWORK', 'offline'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(502, 'HTTP_ERROR', 'bad gateway'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(409, 'IN_PROGRESS', 'busy'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(402, 'CARD_DECLINED', 'declined'))).toBe(false);
    expect(attemptMayHaveRun(new ApiError(400, 'APPOINTMENT_EXPIRED', 'expired'))).toBe(false);
  });

  it('makes keys long enough for the contract', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});

import { translate } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../i18n';
import { planPriceLabelKeys, planPriceLoading, visitPricing } from './member-price';
import type { StoredPrice } from './price-store';

await loadLanguage('en');
await loadScreenTexts();

const normal: StoredPrice = {
  price: 4900,
  priceToken: 'price-token',
  source: 'default',
  code: null,
};

describe('the visit price at a payment step (issue 17)', () => {
  it('is the normal price, with its source as pricingChoice, without a plan price', () => {
    expect(visitPricing(normal, null)).toEqual({
      price: normal,
      subscriptionToken: null,
      pricingChoice: 'default',
      planPricing: null,
    });
    expect(
      visitPricing({ ...normal, source: 'coupon', code: 'SAVE' }, undefined)?.pricingChoice,
    ).toBe('coupon');
  });

  it("is the plan's price with its token and choice; the normal price's token is kept", () => {
    expect(
      visitPricing(normal, {
        error: false,
        price: 3500,
        subscriptionToken: 'sub',
        pricingChoice: 'nonmember',
      }),
    ).toEqual({
      price: { ...normal, price: 3500 },
      subscriptionToken: 'sub',
      pricingChoice: 'nonmember',
      planPricing: 'nonmember',
    });
  });

  it('waits for the normal price', () => {
    expect(visitPricing(null, null)).toBeNull();
    expect(
      visitPricing(null, {
        error: false,
        price: 1000,
        subscriptionToken: 's',
        pricingChoice: 'member',
      }),
    ).toBeNull();
  });

  it('waits for the plan price only while a plan is in force and its price is coming', () => {
    expect(planPriceLoading({ isPending: true, planInForce: false }, { isPending: true })).toBe(
      true,
    );
    expect(planPriceLoading({ isPending: true, planInForce: false }, { isPending: false })).toBe(
      true,
    );
    expect(planPriceLoading({ isPending: false, planInForce: true }, { isPending: true })).toBe(
      true,
    );
    // No plan: the disabled price query is 'pending' for ever, and does not hold the step.
    expect(planPriceLoading({ isPending: false, planInForce: false }, { isPending: true })).toBe(
      false,
    );
    expect(planPriceLoading({ isPending: false, planInForce: true }, { isPending: false })).toBe(
      false,
    );
  });

  it('labels the plan price for the member and for a family member of an individual plan', () => {
    expect(translate('en', planPriceLabelKeys.member)).toBe('Member price');
    expect(translate('en', planPriceLabelKeys.nonmember)).toBe(
      'Family member price (individual plan)',
    );
    expect(translate('es', planPriceLabelKeys.member)).toBe('Precio de miembro');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import {
  blocksAppointmentBooking,
  currentPriceCents,
  dollarsToCents,
  formatUsd,
  isFreePrice,
  isPrepayPriceType,
  isPriceType,
  priceTypes,
  subscriptionPriceCents,
  usesMemberPricing,
} from './pricing.rules';

const sub = (active: boolean, family: boolean) => ({
  active,
  family,
  memberPricing: { price: 1000 },
  nonmemberPricing: { price: 3500 },
});

describe('member vs non-member pricing (spec section 5)', () => {
  it('the main user (index 0) of an active individual plan gets member pricing', () => {
    expect(subscriptionPriceCents(sub(true, false), 0)).toBe(1000);
  });

  it('other users of an active individual plan get non-member pricing', () => {
    expect(subscriptionPriceCents(sub(true, false), 2)).toBe(3500);
  });

  it('every user of an active family plan gets member pricing', () => {
    expect(subscriptionPriceCents(sub(true, true), 3)).toBe(1000);
  });

  it('nobody gets member pricing when the subscription is not active', () => {
    expect(subscriptionPriceCents(sub(false, true), 0)).toBe(3500);
    expect(usesMemberPricing(null, 0)).toBe(false);
  });

  it('law: member pricing iff active and (family or main user)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.nat(10), (active, family, index) => {
        expect(usesMemberPricing({ active, family }, index)).toBe(
          active && (family || index === 0),
        );
      }),
    );
  });
});

describe('price types', () => {
  it('lists the seven price types', () => {
    expect(priceTypes).toEqual([
      'default',
      'referral',
      'coupon',
      'nonce',
      'free',
      'prepay',
      'subscription',
    ]);
    expect(isPriceType('coupon')).toBe(true);
    expect(isPriceType('standard')).toBe(false);
  });

  it('prepay price types default to prepay and nonce; a brand list replaces them', () => {
    expect(isPrepayPriceType('prepay')).toBe(true);
    expect(isPrepayPriceType('nonce')).toBe(true);
    expect(isPrepayPriceType('coupon')).toBe(false);
    expect(isPrepayPriceType('coupon', ['coupon'])).toBe(true);
    expect(isPrepayPriceType('prepay', [])).toBe(true);
    expect(isPrepayPriceType(null)).toBe(false);
  });

  it('blocks appointment booking for nonce, free (price 0) and prepay prices', () => {
    expect(blocksAppointmentBooking({ priceObj: { price: 4900, nonce: 'abc' } })).toBe(true);
    expect(blocksAppointmentBooking({ price: 0, priceType: 'default' })).toBe(true);
    expect(blocksAppointmentBooking({ price: 4900, priceType: 'prepay' })).toBe(true);
    expect(blocksAppointmentBooking({ price: 4900, priceType: 'free' })).toBe(true);
    expect(blocksAppointmentBooking({ price: 4900, priceType: 'nonce' })).toBe(true);
    expect(blocksAppointmentBooking({ price: 4900, priceType: 'coupon' })).toBe(false);
    expect(blocksAppointmentBooking({})).toBe(false);
  });

  it('reads the session price before the price object', () => {
    expect(currentPriceCents({ price: 100, priceObj: { price: 200 } })).toBe(100);
    expect(currentPriceCents({ price: null, priceObj: { price: 0 } })).toBe(0);
    expect(isFreePrice({ price: null, priceObj: { price: 0 } })).toBe(true);
  });
});

describe('money in cents', () => {
  it('converts and formats', () => {
    expect(dollarsToCents(10)).toBe(1000);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(-5)).toBe('-$0.05');
  });

  it('law: dollarsToCents inverts cents / 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        expect(dollarsToCents(cents / 100)).toBe(cents);
      }),
    );
  });
});

describe('payment and coupon texts (spec section 8)', () => {
  it('keeps the spec English texts and has a Spanish text for each', () => {
    const texts = {
      'payments.declined': 'Declined: This transaction has been declined.',
      'payments.cardAdded.title': 'Payment Added',
      'payments.cardAdded.body':
        'Your credit card information has been added. Your card has NOT BEEN CHARGED.',
      'payments.cardDeleteFailed': 'Unable to delete card: {message}',
      'payments.cardDeleted': 'Credit Card deleted',
      'payments.transactionsFailed': 'Unable to get transactions: {message}',
      'payments.coupon.errorTitle': 'Coupon Code Error',
      'payments.coupon.addedTitle': 'Coupon Code Added',
      'payments.coupon.defaultPriceRestoredTitle': 'Default Price Restored',
      'payments.coupon.cannotBeUsed': 'Coupon code cannot be used.',
    } as const;
    for (const [key, text] of Object.entries(texts) as [keyof typeof texts, string][]) {
      expect(translate('en', key)).toBe(text);
      expect(translate('es', key)).not.toBe(text);
    }
    expect(translate('en', 'payments.declinedAvsMismatch')).toMatch(
      /^Declined.*AVS mismatch.*address provided does not match billing address of cardholder\.$/,
    );
  });
});

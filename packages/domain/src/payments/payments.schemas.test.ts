import { describe, expect, expectTypeOf, it } from 'vitest';
import { issuePaths } from '../validation/schema-issues';
import { addCardRequestSchema } from './payments.api';
import {
  type CardEntry,
  cardEntrySchema,
  couponAnswerSchema,
  creditBalanceSchema,
  type PayProfile,
  passesLuhn,
  pricingAnswerSchema,
  type StoredCard,
  storedCardSchema,
  transactionSchema,
  userPaymentProfilesSchema,
} from './payments.schemas';

const ID = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';

const entry = {
  cardHolderName: ' Ann Lee ',
  ccNumber: '4111 1111-1111 1111',
  cvv: '123',
  expiration: '04/29',
  cardZip: '33101',
};

const stored = {
  profileID: '512345678',
  cardType: 'visa',
  last4: '1111',
  expiration: '04/29',
  paymentProfileValid: true,
} as const;

describe('card entry form (input only)', () => {
  it('accepts a valid card, trimming the name and removing spaces and dashes from the number', () => {
    expect(cardEntrySchema.parse(entry)).toEqual({
      ...entry,
      cardHolderName: 'Ann Lee',
      ccNumber: '4111111111111111',
    });
    expect(
      cardEntrySchema.safeParse({ ...entry, ccNumber: '378282246310005', cvv: '1234' }).success,
    ).toBe(true);
  });

  it('rejects a number failing the Luhn check, on ccNumber', () => {
    expect(issuePaths(cardEntrySchema, { ...entry, ccNumber: '4111111111111112' })).toEqual([
      'ccNumber',
    ]);
  });

  it('needs 12-19 digits', () => {
    expect(issuePaths(cardEntrySchema, { ...entry, ccNumber: '42424242424' })).toEqual([
      'ccNumber',
    ]);
    expect(issuePaths(cardEntrySchema, { ...entry, ccNumber: '4'.repeat(20) })).toEqual([
      'ccNumber',
    ]);
    expect(issuePaths(cardEntrySchema, { ...entry, ccNumber: '4111x11111111111' })).toEqual([
      'ccNumber',
    ]);
  });

  it('needs a 3-4 digit CVV, an MM/YY expiry and a card holder name', () => {
    for (const cvv of ['12', '12345', 'abc']) {
      expect(issuePaths(cardEntrySchema, { ...entry, cvv })).toEqual(['cvv']);
    }
    for (const expiration of ['4/29', '13/29', '00/29', '04/2029', '0429']) {
      expect(issuePaths(cardEntrySchema, { ...entry, expiration })).toEqual(['expiration']);
    }
    expect(issuePaths(cardEntrySchema, { ...entry, cardHolderName: '   ' })).toEqual([
      'cardHolderName',
    ]);
  });

  it('reports catalogue keys the card form can show', () => {
    const result = cardEntrySchema.safeParse({
      ...entry,
      cardHolderName: '',
      ccNumber: '4111111111111112',
      expiration: '13/29',
    });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
      'validation.card.holderMissing',
      'validation.card.invalid',
      'validation.card.expirationInvalid',
    ]);
  });

  it('Luhn check agrees with known numbers', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('5555555555554445')).toBe(false);
  });

  it('the add-card request carries the entry form under card', () => {
    const parsed = addCardRequestSchema.parse({ profileID: null, signature: null, card: entry });
    expect(parsed.card.ccNumber).toBe('4111111111111111');
    expect(
      issuePaths(addCardRequestSchema, { profileID: null, signature: null, card: {} }),
    ).toEqual([
      'card.cardHolderName',
      'card.ccNumber',
      'card.cvv',
      'card.expiration',
      'card.cardZip',
    ]);
  });
});

describe('stored card (payment profile): never a number or CVV', () => {
  it('accepts profile id, brand, last four, expiry and validity', () => {
    expect(storedCardSchema.parse(stored)).toEqual(stored);
  });

  it('refuses an object carrying the card number or CVV', () => {
    expect(storedCardSchema.safeParse({ ...stored, ccNumber: '4111111111111111' }).success).toBe(
      false,
    );
    expect(storedCardSchema.safeParse({ ...stored, cvv: '123' }).success).toBe(false);
    expect(
      userPaymentProfilesSchema.safeParse({
        payProfileID: '1',
        payProfileSignature: 's',
        payProfiles: [{ card: { ...stored, ccNumber: '4111111111111111' } }],
      }).success,
    ).toBe(false);
  });

  it('has neither field in its type, unlike the entry form', () => {
    expectTypeOf<StoredCard>().not.toHaveProperty('ccNumber');
    expectTypeOf<StoredCard>().not.toHaveProperty('cvv');
    expectTypeOf<PayProfile['card']>().not.toHaveProperty('ccNumber');
    expectTypeOf<CardEntry>().toHaveProperty('ccNumber');
    expect(Object.keys(storedCardSchema.shape).sort()).toEqual(
      ['cardType', 'expiration', 'last4', 'paymentProfileValid', 'profileID'].sort(),
    );
  });

  it('last4 is exactly four digits', () => {
    expect(issuePaths(storedCardSchema, { ...stored, last4: '41111' })).toEqual(['last4']);
  });

  it('a user without a gateway profile has null ids and no cards by default', () => {
    expect(
      userPaymentProfilesSchema.parse({ payProfileID: null, payProfileSignature: null }),
    ).toEqual({ payProfileID: null, payProfileSignature: null, payProfiles: [] });
  });
});

describe('balances, transactions, prices', () => {
  it('a credit balance is an id and cents', () => {
    expect(creditBalanceSchema.parse({ id: ID, balance: 1500 })).toEqual({ id: ID, balance: 1500 });
    expect(issuePaths(creditBalanceSchema, { id: ID, balance: 15.5 })).toEqual(['balance']);
  });

  it('a transaction shows a masked card and an amount in cents', () => {
    const tx = {
      date: '2024-05-01T14:00:00Z',
      transId: '60123456789',
      transactionStatus: 'settledSuccessfully',
      invoiceNumber: 'INV-1001',
      cardHolder: 'Ann Lee',
      card: { brand: 'visa', last4: '1111' },
      amount: 3500,
    };
    expect(transactionSchema.parse(tx)).toEqual(tx);
    expect(issuePaths(transactionSchema, { ...tx, amount: 35.0001 })).toEqual(['amount']);
    expect(
      issuePaths(transactionSchema, { ...tx, card: { brand: 'visa', last4: 'x111' } }),
    ).toEqual(['card.last4']);
  });

  it('pricing and coupon answers carry price, token and texts; clearReferralCode defaults false', () => {
    const pricing = { price: 2500, priceToken: 'tok', data: { title: 'Price', msg: '$25' } };
    expect(pricingAnswerSchema.parse(pricing)).toEqual(pricing);
    expect(couponAnswerSchema.parse(pricing).data.clearReferralCode).toBe(false);
    expect(issuePaths(couponAnswerSchema, { ...pricing, priceToken: '' })).toEqual(['priceToken']);
  });
});

import { translate } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import {
  checkPurchase,
  emailLines,
  emptyPurchaseDraft,
  firstDuplicateEmail,
  visitsRangeError,
  visitsWithin,
} from './purchase-form';

const payment = { payProfileID: 'card-1', idempotencyKey: 'attempt-0001' };
const bounds = { minVisits: 5, maxVisits: 200 };
const valid = { ...emptyPurchaseDraft, visits: 10, name: ' Sunrise flu drive ' };

describe('the purchase form', () => {
  it('sends what the contract accepts: trimmed name, e-mails one per line, limit 0 = off', () => {
    const result = checkPurchase(
      { ...valid, users: ' ana@sunrise.test \n\n bo@sunrise.test,cy@sunrise.test\r\n' },
      bounds,
      payment,
    );
    expect(result).toEqual({
      ok: true,
      request: {
        visitCount: 10,
        name: 'Sunrise flu drive',
        authorizedUsers: ['ana@sunrise.test', 'bo@sunrise.test', 'cy@sunrise.test'],
        lowBalanceLimit: 0,
        payProfileID: 'card-1',
        idempotencyKey: 'attempt-0001',
      },
    });
  });

  it('keeps the low-balance limit in visits and allows no authorized users', () => {
    const result = checkPurchase({ ...valid, lowBalanceLimit: '4' }, bounds, payment);
    expect(result.ok && result.request).toMatchObject({ lowBalanceLimit: 4, authorizedUsers: [] });
  });

  it('says what is missing, one catalogue message per field', () => {
    const result = checkPurchase(emptyPurchaseDraft, bounds, payment);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['name', 'visits']);
    expect(result.errors.visits).toEqual({
      key: 'prepayUi.form.visitsRange',
      params: { min: 5, max: 200 },
    });
    expect(translate('en', result.errors.name?.key ?? 'common.required')).toBe(
      'Enter a name for the program.',
    );
  });

  it("refuses visits outside the pricing's bounds and the contract's", () => {
    for (const visits of [4, 201, '2.5', -1]) {
      const result = checkPurchase({ ...valid, visits }, bounds, payment);
      expect({ visits, ok: result.ok }).toEqual({ visits, ok: false });
    }
    // Without pricing yet: the contract's 1..1000.
    expect(checkPurchase({ ...valid, visits: 1000 }, null, payment).ok).toBe(true);
    expect(checkPurchase({ ...valid, visits: 1001 }, null, payment).ok).toBe(false);
    // Pricing that allows more than the contract is capped by the contract.
    expect(visitsRangeError({ minVisits: 1, maxVisits: 5000 }).params).toEqual({
      min: 1,
      max: 1000,
    });
    expect(visitsWithin(5, bounds)).toBe(true);
    expect(visitsWithin(Number.NaN, bounds)).toBe(false);
  });

  it('names the e-mail that is not valid, and a repeated one', () => {
    const bad = checkPurchase(
      { ...valid, users: 'ana@sunrise.test\nnot-an-email' },
      bounds,
      payment,
    );
    expect(!bad.ok && bad.errors.users).toEqual({
      key: 'prepayUi.form.emailInvalid',
      params: { email: 'not-an-email' },
    });
    const twice = checkPurchase(
      { ...valid, users: 'ana@sunrise.test\nANA@sunrise.test' },
      bounds,
      payment,
    );
    expect(!twice.ok && twice.errors.users).toEqual({
      key: 'prepay.users.duplicate',
      params: { email: 'ANA@sunrise.test' },
    });
  });

  it('refuses a negative or fractional low-balance limit', () => {
    const result = checkPurchase({ ...valid, lowBalanceLimit: '1.5' }, bounds, payment);
    expect(!result.ok && result.errors.lowBalanceLimit?.key).toBe('prepayUi.form.wholeNumber');
  });
});

describe('pasted e-mail lists', () => {
  it('splits on lines, commas and semicolons and drops blanks', () => {
    expect(emailLines('a@x.io\n\n b@x.io ; c@x.io,,\r\n')).toEqual(['a@x.io', 'b@x.io', 'c@x.io']);
    expect(emailLines('   ')).toEqual([]);
  });

  it('finds the first repeated address without case', () => {
    expect(firstDuplicateEmail(['a@x.io', 'b@x.io', 'A@X.io'])).toBe('A@X.io');
    expect(firstDuplicateEmail(['a@x.io', 'b@x.io'])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../dates/dates.rules';
import { translate } from '../i18n/catalog';
import { firstIssueKey } from '../validation/schema-issues';
import {
  cardExpirySchema,
  cardHolderNameSchema,
  parseCardExpiry,
  paymentInvalidKey,
  validateCardExpiry,
  validateCardHolderName,
  validatePaymentForm,
} from './cards.rules';

const today: CalendarDate = { year: 2025, month: 6, day: 15 };

describe('card (spec 5)', () => {
  it('reads MM/YY expirations', () => {
    expect(parseCardExpiry('09/27')).toEqual({ month: 9, year: 2027 });
    for (const bad of ['9/27', '13/27', '00/27', '09/2027', '0927', '09-27']) {
      expect({ bad, parsed: parseCardExpiry(bad) }).toEqual({ bad, parsed: undefined });
    }
    expect(validateCardExpiry('9/27')).toEqual({
      ok: false,
      key: 'validation.card.expirationInvalid',
    });
    expect(translate('en', 'validation.card.expirationInvalid')).toMatch(
      /^Invalid expiration date/,
    );
  });

  it('treats a card as good through its expiry month when today is given', () => {
    expect(validateCardExpiry('06/25', today)).toEqual({ ok: true });
    expect(validateCardExpiry('05/25', today)).toEqual({
      ok: false,
      key: 'validation.card.expired',
    });
    expect(firstIssueKey(cardExpirySchema(today), '12/24')).toBe('validation.card.expired');
  });

  it('needs a card holder name and a form of payment', () => {
    expect(validateCardHolderName(' ')).toEqual({
      ok: false,
      key: 'validation.card.holderMissing',
    });
    expect(translate('en', 'validation.card.holderMissing')).toMatch(/^Missing card holder name/);
    expect(firstIssueKey(cardHolderNameSchema, undefined)).toBe('validation.card.holderMissing');
    expect(validatePaymentForm(undefined)).toEqual({
      ok: false,
      key: 'validation.card.paymentFormRequired',
    });
    expect(validatePaymentForm({ profileID: '1' })).toEqual({ ok: true });
    expect(translate('en', 'validation.card.paymentFormRequired')).toBe(
      'Please enter a form of payment.',
    );
    expect(translate('en', paymentInvalidKey)).toBe('Payment information is not valid.');
  });
});
const _today: CalendarDate = { year: 2025, month: 6, day: 15 };

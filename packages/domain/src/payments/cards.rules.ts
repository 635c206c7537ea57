/**
 * The card form's rules (spec section 5): expiry MM/YY, holder name, a chosen form of payment.
 * Card numbers and CVV never reach our server (the gateway keeps them).
 */
import { z } from 'zod';
import type { CalendarDate } from '../dates/dates.rules';
import type { MessageKey } from '../i18n/catalog';
import { type Check, checkedString, fail, isBlank, ok } from '../validation/checks.rules';
import type { CardBrand } from './payments.schemas';

export interface CardExpiry {
  readonly month: number;
  /** Four-digit year (YY + 2000). */
  readonly year: number;
}

/** MM/YY (01-12 / two digits), e.g. 09/27; undefined otherwise. */
export function parseCardExpiry(value: string): CardExpiry | undefined {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired(expiry: CardExpiry, today: CalendarDate): boolean {
  return today.year > expiry.year || (today.year === expiry.year && today.month > expiry.month);
}

/**
 * Expiration: required, MM/YY ('Invalid expiration date...'); with today given, a card whose
 * month has passed answers 'validation.card.expired'.
 */
export function validateCardExpiry(value: string | null | undefined, today?: CalendarDate): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  const expiry = parseCardExpiry(value);
  if (!expiry) return fail('validation.card.expirationInvalid');
  if (today && isCardExpired(expiry, today)) return fail('validation.card.expired');
  return ok;
}

/** Card holder name required ('Missing card holder name...'). */
export function validateCardHolderName(value: string | null | undefined): Check {
  return value === null || value === undefined || isBlank(value)
    ? fail('validation.card.holderMissing')
    : ok;
}

/** A form of payment (a card, a saved payment profile, ...) must be chosen. */
export function validatePaymentForm(selection: unknown): Check {
  const missing =
    selection === null ||
    selection === undefined ||
    (typeof selection === 'string' && selection.trim() === '');
  return missing ? fail('validation.card.paymentFormRequired') : ok;
}

/** The catalogue key of the generic payment failure: 'Payment information is not valid.' */
export const paymentInvalidKey: MessageKey = 'validation.card.invalid';

export const cardHolderNameSchema = z
  .string({ error: 'validation.card.holderMissing' })
  .trim()
  .superRefine((value, ctx) => {
    const result = validateCardHolderName(value);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.key });
  });
/** MM/YY; with today given, expired cards are refused too. */
export function cardExpirySchema(today?: CalendarDate) {
  return checkedString((value) => validateCardExpiry(value, today));
}

/** The card brand from the number's prefix (IIN ranges); digits only. */
export function cardBrandOf(number: string): Exclude<CardBrand, 'unionpay'> {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  return 'unknown';
}

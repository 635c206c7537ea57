/**
 * Field validation rules of spec section 5, as pure functions and as zod schemas whose error
 * messages are catalogue KEYS (the caller translates with translate(lang, key, params)).
 *
 * Every validate* function answers `{ ok: true }` or `{ ok: false, key, params? }`.
 * Nothing here reads the clock: "today" is always a parameter.
 */
import { z } from 'zod';
import {
  dobYearRange,
  maxAge as maxAgeDefault,
  minDependentAgeDefault,
  minRegistrationAgeDefault,
  passwordLength,
  phoneMinDigits,
  phoneNationalDigits,
  tokenLength,
  zipLength,
} from '../constants/constants';
import type { MessageKey } from '../i18n/catalog';
import type { MessageParams } from '../i18n/i18n.rules';
import { normalizeStateCode, type UsStateCode } from '../places/places.rules';

export type Check =
  | { readonly ok: true }
  | { readonly ok: false; readonly key: MessageKey; readonly params?: MessageParams };

const ok: Check = { ok: true };
const fail = (key: MessageKey, params?: MessageParams): Check =>
  params ? { ok: false, key, params } : { ok: false, key };

const isBlank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '';

// ===========================================================================================
// Dates and date of birth
// ===========================================================================================

/** A calendar date without time or time zone. month is 1-12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when the numbers form a real calendar date (month 1-12, day within the month). */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

const ymdPattern = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/;
const mdyPattern = /^(\d{1,2})([-/])(\d{1,2})\2(\d{4})$/;

/**
 * Reads a date typed as year-month-day or month-day-year, with '-' or '/' (the same separator
 * twice), e.g. 1990-07-04, 1990/7/4, 07-04-1990, 7/4/1990. Month 1-12, day 1-31 and a real
 * calendar date, year 1900-2200; anything else is undefined.
 */
export function parseDateInput(input: string): CalendarDate | undefined {
  const text = input.trim();
  const ymd = ymdPattern.exec(text);
  const mdy = ymd ? null : mdyPattern.exec(text);
  let date: CalendarDate | undefined;
  if (ymd) date = { year: Number(ymd[1]), month: Number(ymd[3]), day: Number(ymd[4]) };
  else if (mdy) date = { year: Number(mdy[4]), month: Number(mdy[1]), day: Number(mdy[3]) };
  if (!date) return undefined;
  if (date.year < dobYearRange.min || date.year > dobYearRange.max) return undefined;
  return isRealDate(date.year, date.month, date.day) ? date : undefined;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** The display format of spec section 5: MM-DD-YYYY. */
export function formatDateForDisplay(date: CalendarDate): string {
  return `${pad(date.month, 2)}-${pad(date.day, 2)}-${pad(date.year, 4)}`;
}

/** The storage / wire format: ISO YYYY-MM-DD. */
export function formatIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Any accepted input written as MM-DD-YYYY, or undefined when it is not a valid date. */
export function formatDobForDisplay(input: string): string | undefined {
  const date = parseDateInput(input);
  return date ? formatDateForDisplay(date) : undefined;
}

/** The calendar date of an instant in UTC (for callers that hold a Date; no clock is read). */
export function calendarDateOfUtc(instant: Date): CalendarDate {
  return {
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
  };
}

/** Negative when a is before b, 0 when equal, positive when after. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Whole years from dob to today. A birthday counts once its month and day are reached, so a
 * 29 February birthday is reached on 1 March in common years.
 */
export function ageOn(dob: CalendarDate, today: CalendarDate): number {
  const beforeBirthday =
    today.month < dob.month || (today.month === dob.month && today.day < dob.day);
  return today.year - dob.year - (beforeBirthday ? 1 : 0);
}

/** Who the date of birth is for: someone registering an account, or a dependent. */
export type DobContext = 'register' | 'dependent';

export interface DobOptions {
  readonly today: CalendarDate;
  /** 'register' (default): minimum 18. 'dependent': minimum 4. */
  readonly context?: DobContext;
  /** Overrides the context's minimum age (the configured value). */
  readonly minAge?: number;
  /** Overrides the maximum age (110). */
  readonly maxAge?: number;
}

export type DobResult =
  | { readonly ok: true; readonly date: CalendarDate; readonly age: number }
  | { readonly ok: false; readonly key: MessageKey; readonly params?: MessageParams };

/** The minimum age for a context: 18 to register, 4 for a dependent. */
export function minAgeFor(context: DobContext): number {
  return context === 'dependent' ? minDependentAgeDefault : minRegistrationAgeDefault;
}

/**
 * Date of birth: required, an accepted date, not in the future, age at most maxAge (110) and
 * at least the context's minimum (18 to register, 4 for a dependent).
 */
export function validateDob(input: string | null | undefined, options: DobOptions): DobResult {
  if (input === null || input === undefined || isBlank(input)) {
    return { ok: false, key: 'common.required' };
  }
  const date = parseDateInput(input);
  if (!date) return { ok: false, key: 'validation.dob.invalid' };
  if (compareDates(date, options.today) > 0) return { ok: false, key: 'validation.dob.future' };
  const context = options.context ?? 'register';
  const minAge = options.minAge ?? minAgeFor(context);
  const maxAge = options.maxAge ?? maxAgeDefault;
  const age = ageOn(date, options.today);
  if (age > maxAge) return { ok: false, key: 'validation.dob.tooOld', params: { maxAge } };
  if (age < minAge) {
    return {
      ok: false,
      key:
        context === 'dependent'
          ? 'validation.dob.underDependentAge'
          : 'validation.dob.underRegistrationAge',
      params: { minAge },
    };
  }
  return { ok: true, date, age };
}

// ===========================================================================================
// Name
// ===========================================================================================

const namePartPattern = /^[a-z0-9-]+$/i;

/** One name field (first or last): required; only a-z (any case), 0-9 and '-'. */
export function validateNamePart(value: string | null | undefined): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  return namePartPattern.test(value.trim()) ? ok : fail('validation.name.characters');
}

/** The words of a full name, whitespace collapsed. */
export function splitName(value: string): string[] {
  return value.trim().split(/\s+/).filter(Boolean);
}

/**
 * A full name: exactly a first and a last name separated by white space, each only a-z,
 * 0-9 and '-'.
 */
export function validateFullName(value: string | null | undefined): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  const parts = splitName(value);
  if (parts.length !== 2) return fail('validation.name.firstLastOnly');
  return parts.every((part) => namePartPattern.test(part))
    ? ok
    : fail('validation.name.characters');
}

// ===========================================================================================
// Phone
// ===========================================================================================

export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** Phone: required, at least 7 digits, otherwise 'invalid phone number'. */
export function validatePhone(input: string | null | undefined): Check {
  if (input === null || input === undefined || isBlank(input)) return fail('common.required');
  return phoneDigits(input).length >= phoneMinDigits ? ok : fail('validation.phone.invalid');
}

/**
 * Formats a phone number: keeps digits and a leading '+'; with 10 or more digits, the last 10
 * are written 3-3-4 (305-555-1234); a country prefix other than 1 is kept as '+prefix '
 * ('+52 305-555-1234'); a prefix of 1 (or +1) is dropped. Fewer than 10 digits are returned
 * as kept (digits, with the leading '+' if there was one). Idempotent.
 */
export function formatPhone(input: string): string {
  const text = input.trim();
  const digits = phoneDigits(text);
  if (digits.length < phoneNationalDigits) return (text.startsWith('+') ? '+' : '') + digits;
  const national = digits.slice(-phoneNationalDigits);
  const prefix = digits.slice(0, -phoneNationalDigits);
  const local = `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
  return prefix === '' || prefix === '1' ? local : `+${prefix} ${local}`;
}

// ===========================================================================================
// Zip and address
// ===========================================================================================

const zipPattern = new RegExp(`^\\d{${zipLength}}$`);

export function validateZip(value: string | null | undefined): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  return zipPattern.test(value.trim()) ? ok : fail('validation.zip.invalid');
}

export function validateStreetAddress(value: string | null | undefined): Check {
  return value === null || value === undefined || isBlank(value) ? fail('common.required') : ok;
}

/** A US state code (any case). Anything else answers 'validation.address.stateInvalid'. */
export function validateUsState(value: string | null | undefined): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  return normalizeStateCode(value) ? ok : fail('validation.address.stateInvalid');
}

/**
 * The state of an address: required; a place outside the US answers
 * 'International visitors must enter a US address.'
 */
export function validateAddressState(value: string | null | undefined): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  return normalizeStateCode(value) ? ok : fail('validation.address.usOnly');
}

export interface AddressInput {
  readonly address?: string | null;
  readonly state?: string | null;
  readonly zipCode?: string | null;
}

/**
 * A US address, which everyone — international visitors too — must enter: street required,
 * a US state, a 5-digit zip. A state outside the US answers
 * 'International visitors must enter a US address.'
 */
export function validateUsAddress(input: AddressInput): Check {
  const street = validateStreetAddress(input.address);
  if (!street.ok) return street;
  const state = validateAddressState(input.state);
  if (!state.ok) return state;
  return validateZip(input.zipCode);
}

/** The main profile is complete only with a non-empty address and zipCode. */
export function isProfileComplete(profile: {
  readonly address?: string | null;
  readonly zipCode?: string | null;
}): boolean {
  return !isBlank(profile.address) && !isBlank(profile.zipCode);
}

// ===========================================================================================
// E-mail, numeric
// ===========================================================================================

/** The normal pattern: letters, digits, symbols, '@', a domain and a suffix of 2+ letters. */
export const emailPattern = /^[\w!#$%&'*+/=?^`{|}~.-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/**
 * The stricter variant: local part of letters, digits and . _ % + - (no leading, trailing or
 * double dot, at most 64 characters), domain labels of letters and digits with inner hyphens,
 * a suffix of 2+ letters, at most 254 characters in all.
 */
export const strictEmailPattern =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value);
}

export function isStrictEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  return value.length <= 254 && at >= 1 && at <= 64 && strictEmailPattern.test(value);
}

/** E-mail: required, then the normal pattern (or the stricter variant when strict). */
export function validateEmail(
  value: string | null | undefined,
  options: { readonly strict?: boolean } = {},
): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  const text = value.trim();
  const valid = options.strict ? isStrictEmail(text) : isEmail(text);
  return valid ? ok : fail('validation.email.invalid');
}

/** Digits only (at least one). */
export function isNumeric(value: string): boolean {
  return /^\d+$/.test(value);
}

export function validateNumeric(value: string | null | undefined): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  return isNumeric(value.trim()) ? ok : fail('validation.numeric.invalid');
}

// ===========================================================================================
// Password
// ===========================================================================================

export interface PasswordChecks {
  readonly length: boolean;
  readonly digit: boolean;
  readonly lowercase: boolean;
  readonly capital: boolean;
}

/**
 * Each password rule on its own (for a checklist next to the field). Length counts
 * characters (code points); letters include accented ones (ñ, Á).
 */
export function passwordChecks(password: string): PasswordChecks {
  const length = [...password].length;
  return {
    length: length >= passwordLength.min && length <= passwordLength.max,
    digit: /\d/.test(password),
    lowercase: /\p{Ll}/u.test(password),
    capital: /\p{Lu}/u.test(password),
  };
}

/** Password: length 8-40, at least 1 digit, 1 lower-case and 1 capital letter. */
export function validatePassword(password: string | null | undefined): Check {
  if (password === null || password === undefined || password === '') {
    return fail('common.required');
  }
  const checks = passwordChecks(password);
  if (!checks.length) return fail('validation.password.length');
  if (!checks.digit) return fail('validation.password.digit');
  if (!checks.lowercase) return fail('validation.password.lowercase');
  if (!checks.capital) return fail('validation.password.capital');
  return ok;
}

/** On reset both passwords must match: 'Please make sure both passwords are the same.' */
export function validatePasswordConfirmation(password: string, confirmation: string): Check {
  return password === confirmation ? ok : fail('validation.password.mismatch');
}

// ===========================================================================================
// Token
// ===========================================================================================

/** Characters an access token may not contain: / \ ? # and colon. */
export const tokenForbiddenCharacters = /[/\\?#:]/;

/** Access token: exactly 12 characters, none of / \ ? # : */
export function validateToken(token: string | null | undefined): Check {
  if (token === null || token === undefined || isBlank(token)) return fail('common.required');
  if (tokenForbiddenCharacters.test(token)) return fail('validation.token.characters');
  return [...token].length === tokenLength ? ok : fail('validation.token.length');
}

// ===========================================================================================
// Card
// ===========================================================================================

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

// ===========================================================================================
// zod schemas (error messages are catalogue keys)
// ===========================================================================================

const requiredKey: MessageKey = 'common.required';

/** A trimmed string checked by a rule; the issue's message is the rule's catalogue key. */
function checkedString(check: (value: string) => Check) {
  return z
    .string({ error: requiredKey })
    .trim()
    .superRefine((value, ctx) => {
      const result = check(value);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.key, params: result.params });
    });
}

/** Date of birth for a context; any accepted input in, ISO YYYY-MM-DD out. */
export function dobSchema(options: DobOptions) {
  return z.string({ error: requiredKey }).transform((value, ctx) => {
    const result = validateDob(value, options);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.key, params: result.params });
      return z.NEVER;
    }
    return formatIsoDate(result.date);
  });
}

/** "First Last", white space collapsed. */
export const fullNameSchema = checkedString(validateFullName).transform((value) =>
  splitName(value).join(' '),
);
export const namePartSchema = checkedString(validateNamePart);
/** Phone: at least 7 digits; out comes the formatted number. */
export const phoneSchema = checkedString(validatePhone).transform(formatPhone);
export const zipSchema = checkedString(validateZip);
export const streetAddressSchema = checkedString(validateStreetAddress);
/** A US state code in any case; out comes the upper-case code. */
export const usStateSchema = checkedString(validateUsState).transform(
  (value) => normalizeStateCode(value) as UsStateCode,
);
/** The state of an address; outside the US -> 'validation.address.usOnly'. Out: the code. */
export const addressStateSchema = checkedString(validateAddressState).transform(
  (value) => normalizeStateCode(value) as UsStateCode,
);
export const emailSchema = checkedString((value) => validateEmail(value));
export const strictEmailSchema = checkedString((value) => validateEmail(value, { strict: true }));
export const numericSchema = checkedString(validateNumeric);
/** Passwords are not trimmed: spaces are characters of the password. */
export const passwordSchema = z.string({ error: requiredKey }).superRefine((value, ctx) => {
  const result = validatePassword(value);
  if (!result.ok) ctx.addIssue({ code: 'custom', message: result.key });
});
/** Reset: a valid password and the same password again (issue on confirmPassword). */
export const passwordResetSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string({ error: requiredKey }) })
  .superRefine((value, ctx) => {
    const result = validatePasswordConfirmation(value.password, value.confirmPassword);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.key, path: ['confirmPassword'] });
    }
  });
export const tokenSchema = checkedString(validateToken);
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

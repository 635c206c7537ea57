/**
 * How to reach someone: phone and e-mail, and the digits-only rule (spec section 5).
 */
import { z } from 'zod';
import { type Check, checkedString, fail, isBlank, ok } from './checks.rules';

export const phoneMinDigits = 7;
/** Number of trailing digits formatted 3-3-4 by the phone formatter. */
export const phoneNationalDigits = 10;

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

/**
 * Phone: at least 7 digits; out comes the formatted number. The closing `.pipe(z.string())`
 * says what comes out, so the OpenAPI document shows a response's phone as a string (a bare
 * transform's output cannot be described).
 */
export const phoneSchema = checkedString(validatePhone).transform(formatPhone).pipe(z.string());
export const emailSchema = checkedString((value) => validateEmail(value));
export const strictEmailSchema = checkedString((value) => validateEmail(value, { strict: true }));
export const numericSchema = checkedString(validateNumeric);

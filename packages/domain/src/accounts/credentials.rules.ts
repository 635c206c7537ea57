/**
 * Passwords (spec section 5): length 8-40 characters, a digit, a lower-case and a capital
 * letter; on reset both entries must match.
 */
import { z } from 'zod';
import { type Check, fail, ok, requiredKey } from '../validation/checks.rules';

export const passwordLength = { min: 8, max: 40 } as const;

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

/**
 * How recent a password proof must be to turn on something that logs in without the password
 * (a device's biometric credential): a password login or a re-entered
 * password in the last 5 minutes.
 */
export const reauthMinutes = 5;

/** Whether a password proven at `provenAt` (null: never in this session) is fresh at `now`. */
export function passwordProofFresh(provenAt: Date | null, now: Date): boolean {
  if (!provenAt) return false;
  const age = now.getTime() - provenAt.getTime();
  return age >= 0 && age <= reauthMinutes * 60_000;
}

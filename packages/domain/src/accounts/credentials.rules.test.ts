import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { firstIssueKey } from '../validation/schema-issues';
import {
  passwordChecks,
  passwordLength,
  passwordProofFresh,
  passwordResetSchema,
  passwordSchema,
  validatePassword,
  validatePasswordConfirmation,
} from './credentials.rules';

describe('password (spec 5)', () => {
  it('needs 8-40 characters, a digit, a lower-case and a capital letter', () => {
    expect(validatePassword('Abcdefg1')).toEqual({ ok: true });
    expect(validatePassword('Abcdef1')).toEqual({ ok: false, key: 'validation.password.length' });
    expect(validatePassword(`Ab1${'x'.repeat(38)}`)).toEqual({
      ok: false,
      key: 'validation.password.length',
    });
    expect(validatePassword(`Ab1${'x'.repeat(37)}`)).toEqual({ ok: true });
    expect(validatePassword('Abcdefgh')).toEqual({ ok: false, key: 'validation.password.digit' });
    expect(validatePassword('ABCDEFG1')).toEqual({
      ok: false,
      key: 'validation.password.lowercase',
    });
    expect(validatePassword('abcdefg1')).toEqual({ ok: false, key: 'validation.password.capital' });
    expect(validatePassword('')).toEqual({ ok: false, key: 'common.required' });
  });

  it('reports each rule for a checklist', () => {
    expect(passwordChecks('ñandú2024')).toEqual({
      length: true,
      digit: true,
      lowercase: true,
      capital: false,
    });
  });

  it('agrees with its checklist (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (pw) => {
        const c = passwordChecks(pw);
        const allPass = c.length && c.digit && c.lowercase && c.capital;
        expect(validatePassword(pw).ok).toBe(allPass && pw !== '');
      }),
    );
  });

  it("on reset both passwords must match: 'Please make sure both passwords are the same.'", () => {
    expect(validatePasswordConfirmation('Abcdefg1', 'Abcdefg1')).toEqual({ ok: true });
    expect(validatePasswordConfirmation('Abcdefg1', 'Abcdefg2')).toEqual({
      ok: false,
      key: 'validation.password.mismatch',
    });
    expect(translate('en', 'validation.password.mismatch')).toBe(
      'Please make sure both passwords are the same.',
    );
    const result = passwordResetSchema.safeParse({ password: 'Abcdefg1', confirmPassword: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['confirmPassword', 'validation.password.mismatch'],
      ]);
    }
    expect(firstIssueKey(passwordSchema, 'short')).toBe('validation.password.length');
  });
});

describe('password limits (spec 9)', () => {
  it('is 8 to 40 characters', () => {
    expect(passwordLength).toEqual({ min: 8, max: 40 });
  });
});

describe('a fresh password proof (issue 32, finding 4)', () => {
  const provenAt = new Date('2025-03-01T12:00:00Z');
  const after = (ms: number) => new Date(provenAt.getTime() + ms);

  it('holds for 5 minutes after the password was proven, and not after', () => {
    expect(passwordProofFresh(provenAt, provenAt)).toBe(true);
    expect(passwordProofFresh(provenAt, after(5 * 60_000))).toBe(true);
    expect(passwordProofFresh(provenAt, after(5 * 60_000 + 1))).toBe(false);
  });

  it('a session that never proved the password (a biometric login) has none', () => {
    expect(passwordProofFresh(null, provenAt)).toBe(false);
  });

  it('a proof dated after now is not taken', () => {
    expect(passwordProofFresh(provenAt, after(-1))).toBe(false);
  });
});

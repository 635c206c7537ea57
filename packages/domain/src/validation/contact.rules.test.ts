import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '../i18n/catalog';
import {
  emailSchema,
  formatPhone,
  isEmail,
  isNumeric,
  isStrictEmail,
  phoneDigits,
  phoneMinDigits,
  phoneNationalDigits,
  phoneSchema,
  strictEmailSchema,
  validateEmail,
  validateNumeric,
  validatePhone,
} from './contact.rules';
import { firstIssueKey } from './schema-issues';

describe('phone (spec 5)', () => {
  it("needs at least 7 digits, else 'invalid phone number'", () => {
    expect(validatePhone('555-1234')).toEqual({ ok: true });
    expect(validatePhone('555-123')).toEqual({ ok: false, key: 'validation.phone.invalid' });
    expect(translate('en', 'validation.phone.invalid')).toBe('invalid phone number');
    expect(firstIssueKey(phoneSchema, '12345')).toBe('validation.phone.invalid');
  });

  it('says what it answers: a string, in its JSON Schema (the OpenAPI document, issue 34)', () => {
    expect(z.toJSONSchema(phoneSchema, { io: 'output' })).toMatchObject({ type: 'string' });
    expect(phoneSchema.parse(' 1 (305) 555-1234 ')).toBe('305-555-1234');
  });

  it('formats the last 10 digits 3-3-4 and drops a leading 1 / +1', () => {
    expect(formatPhone('3055551234')).toBe('305-555-1234');
    expect(formatPhone('(305) 555.1234')).toBe('305-555-1234');
    expect(formatPhone('+1 305 555 1234')).toBe('305-555-1234');
    expect(formatPhone('1-305-555-1234')).toBe('305-555-1234');
    expect(phoneSchema.parse(' (305) 555-1234 ')).toBe('305-555-1234');
  });

  it('keeps a country prefix other than 1', () => {
    expect(formatPhone('+52 55 1234 5678')).toBe('+52 551-234-5678');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 207-946-0958');
  });

  it('keeps digits and a leading + when there are fewer than 10 digits', () => {
    expect(formatPhone('555 1234')).toBe('5551234');
    expect(formatPhone('+49 3012')).toBe('+493012');
    expect(formatPhone('abc')).toBe('');
  });

  it('is idempotent (property)', () => {
    const phoneLike = fc.stringMatching(/^\+?[0-9 ()./-]{0,20}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), phoneLike), (input) => {
        const once = formatPhone(input);
        expect(formatPhone(once)).toBe(once);
      }),
    );
  });

  it('never loses the last 10 digits and keeps only digits, + and the layout (property)', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const out = formatPhone(input);
        expect(out).toMatch(/^[+0-9 -]*$/);
        expect(phoneDigits(out).slice(-10)).toBe(phoneDigits(input).slice(-10));
      }),
    );
  });
});

describe('e-mail (spec 5)', () => {
  it('accepts the normal pattern', () => {
    for (const email of ['ana@example.com', 'a.b+tag@mail.example.co', "o'neil_1@x.io"]) {
      expect({ email, ok: isEmail(email) }).toEqual({ email, ok: true });
    }
    for (const email of [
      'ana@example',
      'ana@example.c',
      'ana.example.com',
      '@example.com',
      'a b@x.com',
    ]) {
      expect({ email, ok: isEmail(email) }).toEqual({ email, ok: false });
    }
  });

  it('has a stricter variant refusing what the normal one lets through', () => {
    for (const email of [
      '.ana@example.com',
      'ana..b@example.com',
      'ana@-x.com',
      "o'neil@x.io",
      'ana@x..com',
    ]) {
      expect({ email, strict: isStrictEmail(email) }).toEqual({ email, strict: false });
    }
    expect(isStrictEmail('ana.lopez+1@mail.example.com')).toBe(true);
    expect(isStrictEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('is strictly narrower: every strict address passes the normal pattern (property)', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        if (isStrictEmail(email)) expect(isEmail(email)).toBe(true);
      }),
    );
  });

  it('requires a value and reports keys from the schemas', () => {
    expect(validateEmail('')).toEqual({ ok: false, key: 'common.required' });
    expect(validateEmail('nope', { strict: true })).toEqual({
      ok: false,
      key: 'validation.email.invalid',
    });
    expect(emailSchema.parse(' ana@example.com ')).toBe('ana@example.com');
    expect(firstIssueKey(strictEmailSchema, 'ana..b@example.com')).toBe('validation.email.invalid');
  });
});

describe('numeric (spec 5)', () => {
  it('accepts digits only', () => {
    expect(isNumeric('0123')).toBe(true);
    expect(isNumeric('12.3')).toBe(false);
    expect(isNumeric('-1')).toBe(false);
    expect(isNumeric('')).toBe(false);
    expect(validateNumeric('1 2')).toEqual({ ok: false, key: 'validation.numeric.invalid' });
  });
});

describe('phone limits (spec 9)', () => {
  it('needs 7 digits and formats the last 10', () => {
    expect({ phoneMinDigits, phoneNationalDigits }).toEqual({
      phoneMinDigits: 7,
      phoneNationalDigits: 10,
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from '../i18n/catalog';
import {
  ageOn,
  type CalendarDate,
  calendarDateOfUtc,
  cardExpirySchema,
  cardHolderNameSchema,
  dobSchema,
  emailSchema,
  formatDateForDisplay,
  formatDobForDisplay,
  formatIsoDate,
  formatPhone,
  fullNameSchema,
  isEmail,
  isNumeric,
  isProfileComplete,
  isStrictEmail,
  parseCardExpiry,
  parseDateInput,
  passwordChecks,
  passwordResetSchema,
  passwordSchema,
  paymentInvalidKey,
  phoneDigits,
  phoneSchema,
  strictEmailSchema,
  tokenSchema,
  usStateSchema,
  validateCardExpiry,
  validateCardHolderName,
  validateDob,
  validateEmail,
  validateFullName,
  validateNamePart,
  validateNumeric,
  validatePassword,
  validatePasswordConfirmation,
  validatePaymentForm,
  validatePhone,
  validateStreetAddress,
  validateToken,
  validateUsAddress,
  validateZip,
  zipSchema,
} from './validation.rules';

const today: CalendarDate = { year: 2025, month: 6, day: 15 };

/** The catalogue key of the first issue a schema reports, or undefined when it parses. */
function firstIssueKey(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  v: unknown,
) {
  const result = schema.safeParse(v) as
    | { success: true }
    | { success: false; error: { issues: { message: string }[] } };
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('date input (spec 5: year-month-day or month-day-year, - or /)', () => {
  it('reads all four accepted shapes', () => {
    const expected = { year: 1990, month: 7, day: 4 };
    for (const input of [
      '1990-07-04',
      '1990/07/04',
      '07-04-1990',
      '07/04/1990',
      '7/4/1990',
      ' 1990-7-4 ',
    ]) {
      expect({ input, date: parseDateInput(input) }).toEqual({ input, date: expected });
    }
  });

  it('refuses mixed separators, other separators and other orders', () => {
    for (const input of ['1990-07/04', '07.04.1990', '04 07 1990', '19900704', '90-07-04', '']) {
      expect({ input, date: parseDateInput(input) }).toEqual({ input, date: undefined });
    }
  });

  it('keeps month 1-12, day 1-31 and a real calendar date', () => {
    expect(parseDateInput('13-01-1990')).toBeUndefined();
    expect(parseDateInput('00-10-1990')).toBeUndefined();
    expect(parseDateInput('01-32-1990')).toBeUndefined();
    expect(parseDateInput('01-00-1990')).toBeUndefined();
    expect(parseDateInput('02-30-2000')).toBeUndefined();
    expect(parseDateInput('02-29-2001')).toBeUndefined();
    expect(parseDateInput('02-29-2000')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseDateInput('04-31-1990')).toBeUndefined();
  });

  it('keeps years 1900-2200', () => {
    expect(parseDateInput('1899-12-31')).toBeUndefined();
    expect(parseDateInput('1900-01-01')).toEqual({ year: 1900, month: 1, day: 1 });
    expect(parseDateInput('2200-12-31')).toEqual({ year: 2200, month: 12, day: 31 });
    expect(parseDateInput('2201-01-01')).toBeUndefined();
  });

  it('displays as MM-DD-YYYY and stores as YYYY-MM-DD', () => {
    expect(formatDateForDisplay({ year: 1990, month: 7, day: 4 })).toBe('07-04-1990');
    expect(formatIsoDate({ year: 1990, month: 7, day: 4 })).toBe('1990-07-04');
    expect(formatDobForDisplay('1990/7/4')).toBe('07-04-1990');
    expect(formatDobForDisplay('nope')).toBeUndefined();
  });

  it('round-trips every real date through display and ISO formats (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        (d) => {
          const date = calendarDateOfUtc(d);
          expect(parseDateInput(formatDateForDisplay(date))).toEqual(date);
          expect(parseDateInput(formatIsoDate(date))).toEqual(date);
        },
      ),
    );
  });
});

describe('age', () => {
  it('counts whole years, the birthday day included', () => {
    expect(ageOn({ year: 2007, month: 6, day: 15 }, today)).toBe(18);
    expect(ageOn({ year: 2007, month: 6, day: 16 }, today)).toBe(17);
  });

  it('reaches a 29 February birthday on 1 March in common years', () => {
    const dob = { year: 2004, month: 2, day: 29 };
    expect(ageOn(dob, { year: 2022, month: 2, day: 28 })).toBe(17);
    expect(ageOn(dob, { year: 2022, month: 3, day: 1 })).toBe(18);
  });
});

describe('validateDob (spec 5 and 9)', () => {
  it('requires a value, with the shared common.required key', () => {
    expect(validateDob('', { today })).toEqual({ ok: false, key: 'common.required' });
    expect(validateDob(undefined, { today })).toEqual({ ok: false, key: 'common.required' });
  });

  it('refuses unreadable dates and dates in the future', () => {
    expect(validateDob('31-12-1990', { today })).toEqual({
      ok: false,
      key: 'validation.dob.invalid',
    });
    expect(validateDob('06-16-2025', { today, context: 'dependent' })).toEqual({
      ok: false,
      key: 'validation.dob.future',
    });
  });

  it('needs 18 to register, by default', () => {
    expect(validateDob('06-15-2007', { today })).toMatchObject({ ok: true, age: 18 });
    expect(validateDob('06-16-2007', { today })).toEqual({
      ok: false,
      key: 'validation.dob.underRegistrationAge',
      params: { minAge: 18 },
    });
  });

  it('needs 4 for a dependent, by default', () => {
    expect(validateDob('2021-06-15', { today, context: 'dependent' })).toMatchObject({
      ok: true,
      age: 4,
    });
    expect(validateDob('2021-06-16', { today, context: 'dependent' })).toEqual({
      ok: false,
      key: 'validation.dob.underDependentAge',
      params: { minAge: 4 },
    });
  });

  it('takes configured minimum and maximum ages', () => {
    expect(validateDob('06-15-2006', { today, minAge: 21 })).toMatchObject({
      ok: false,
      params: { minAge: 21 },
    });
    expect(validateDob('06-15-1955', { today, maxAge: 65 })).toMatchObject({
      ok: false,
      key: 'validation.dob.tooOld',
    });
  });

  it('accepts age 110 and refuses 111', () => {
    expect(validateDob('06-15-1915', { today })).toMatchObject({ ok: true, age: 110 });
    expect(validateDob('06-14-1914', { today })).toEqual({
      ok: false,
      key: 'validation.dob.tooOld',
      params: { maxAge: 110 },
    });
  });

  it('only ever answers catalogue keys (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('register' as const, 'dependent' as const),
        (input, context) => {
          const result = validateDob(input, { today, context });
          if (!result.ok) expect(isMessageKey(result.key)).toBe(true);
          else expect(result.age).toBeGreaterThanOrEqual(context === 'dependent' ? 4 : 18);
        },
      ),
    );
  });

  it('dobSchema turns any accepted input into an ISO date and reports keys', () => {
    const schema = dobSchema({ today, context: 'dependent' });
    expect(schema.parse('07/04/2015')).toBe('2015-07-04');
    expect(firstIssueKey(schema, '2024-01-01')).toBe('validation.dob.underDependentAge');
    expect(firstIssueKey(schema, 42)).toBe('common.required');
    const result = schema.safeParse('2024-01-01');
    expect(result.success).toBe(false);
    if (!result.success) {
      const issue = result.error.issues[0] as { message: string; params?: Record<string, number> };
      expect(translate('en', 'validation.dob.underDependentAge', issue.params)).toBe(
        'Dependents must be 4 years of age or older.',
      );
    }
  });
});

describe('name (spec 5)', () => {
  it('accepts only a-z (any case), 0-9 and -', () => {
    expect(validateNamePart('Mary-Jane2')).toEqual({ ok: true });
    expect(validateNamePart("O'Brien")).toEqual({ ok: false, key: 'validation.name.characters' });
    expect(validateNamePart('José')).toEqual({ ok: false, key: 'validation.name.characters' });
    expect(validateNamePart(' ')).toEqual({ ok: false, key: 'common.required' });
  });

  it('accepts only a first and a last name', () => {
    expect(validateFullName('Ana Lopez')).toEqual({ ok: true });
    expect(validateFullName('Ana')).toEqual({ ok: false, key: 'validation.name.firstLastOnly' });
    expect(validateFullName('Ana Maria Lopez')).toEqual({
      ok: false,
      key: 'validation.name.firstLastOnly',
    });
    expect(validateFullName('Ana L.')).toEqual({ ok: false, key: 'validation.name.characters' });
    expect(fullNameSchema.parse('  Ana    Lopez ')).toBe('Ana Lopez');
  });
});

describe('phone (spec 5)', () => {
  it("needs at least 7 digits, else 'invalid phone number'", () => {
    expect(validatePhone('555-1234')).toEqual({ ok: true });
    expect(validatePhone('555-123')).toEqual({ ok: false, key: 'validation.phone.invalid' });
    expect(translate('en', 'validation.phone.invalid')).toBe('invalid phone number');
    expect(firstIssueKey(phoneSchema, '12345')).toBe('validation.phone.invalid');
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

describe('zip and address (spec 5)', () => {
  it('needs exactly 5 digits', () => {
    expect(validateZip('33101')).toEqual({ ok: true });
    expect(validateZip('3310')).toEqual({ ok: false, key: 'validation.zip.invalid' });
    expect(validateZip('33101-1234')).toEqual({ ok: false, key: 'validation.zip.invalid' });
    expect(firstIssueKey(zipSchema, '')).toBe('common.required');
  });

  it('requires a street address', () => {
    expect(validateStreetAddress('  ')).toEqual({ ok: false, key: 'common.required' });
    expect(validateStreetAddress('1 Main St')).toEqual({ ok: true });
  });

  it('makes international visitors enter a US address', () => {
    expect(validateUsAddress({ address: '1 Main St', state: 'fl', zipCode: '33101' })).toEqual({
      ok: true,
    });
    expect(
      validateUsAddress({ address: '1 Calle Mayor', state: 'Madrid', zipCode: '28013' }),
    ).toEqual({
      ok: false,
      key: 'validation.address.usOnly',
    });
    expect(validateUsAddress({ address: '', state: 'FL', zipCode: '33101' })).toEqual({
      ok: false,
      key: 'common.required',
    });
    expect(validateUsAddress({ address: '1 Main St', state: 'FL', zipCode: 'SW1A' })).toEqual({
      ok: false,
      key: 'validation.zip.invalid',
    });
    expect(usStateSchema.parse(' tx ')).toBe('TX');
    expect(firstIssueKey(usStateSchema, 'Ontario')).toBe('validation.address.stateInvalid');
  });

  it('counts the main profile complete only with non-empty address and zipCode', () => {
    expect(isProfileComplete({ address: '1 Main St', zipCode: '33101' })).toBe(true);
    expect(isProfileComplete({ address: '1 Main St', zipCode: ' ' })).toBe(false);
    expect(isProfileComplete({ address: '', zipCode: '33101' })).toBe(false);
    expect(isProfileComplete({})).toBe(false);
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

describe('token (spec 5)', () => {
  it('needs exactly 12 characters', () => {
    expect(validateToken('ABCDEF123456')).toEqual({ ok: true });
    expect(validateToken('ABCDEF12345')).toEqual({ ok: false, key: 'validation.token.length' });
    expect(validateToken('ABCDEF1234567')).toEqual({ ok: false, key: 'validation.token.length' });
  });

  it('refuses / \\ ? # and colon', () => {
    for (const bad of ['/', '\\', '?', '#', ':']) {
      const token = `ABCDE${bad}123456`;
      expect({ token, check: validateToken(token) }).toEqual({
        token,
        check: { ok: false, key: 'validation.token.characters' },
      });
    }
    expect(tokenSchema.parse(' ABCDEF123456 ')).toBe('ABCDEF123456');
  });
});

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

describe('messages', () => {
  it("reuses 'Required information' from common.required", () => {
    expect(translate('en', 'common.required')).toBe('Required information');
    expect(validateZip(undefined)).toEqual({ ok: false, key: 'common.required' });
  });
});

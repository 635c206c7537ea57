import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../dates/dates.rules';
import { isMessageKey, translate } from '../i18n/catalog';
import { firstIssueKey } from '../validation/schema-issues';
import {
  dobSchema,
  fullNameSchema,
  genders,
  maxAge,
  minDependentAgeDefault,
  minRegistrationAgeDefault,
  refusedNameCharacters,
  relationOptions,
  validateDob,
  validateFullName,
  validateNamePart,
} from './people.rules';

const today: CalendarDate = { year: 2025, month: 6, day: 15 };

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
    expect(validateNamePart("O'Brien")).toEqual({
      ok: false,
      key: 'validation.name.characters',
      params: { chars: "“'”" },
    });
    expect(validateNamePart('José')).toEqual({
      ok: false,
      key: 'validation.name.charactersTry',
      params: { chars: '“é”', suggestion: 'Jose' },
    });
    expect(validateNamePart(' ')).toEqual({ ok: false, key: 'common.required' });
  });

  it('accepts only a first and a last name', () => {
    expect(validateFullName('Ana Lopez')).toEqual({ ok: true });
    expect(validateFullName('Ana')).toEqual({ ok: false, key: 'validation.name.firstLastOnly' });
    expect(validateFullName('Ana Maria Lopez')).toEqual({
      ok: false,
      key: 'validation.name.firstLastOnly',
    });
    expect(validateFullName('Ana L.')).toEqual({
      ok: false,
      key: 'validation.name.characters',
      params: { chars: '“.”' },
    });
    expect(fullNameSchema.parse('  Ana    Lopez ')).toBe('Ana Lopez');
  });

  // The spec's rule stays (ASCII letters), and the refusal names what it refused, in the user's
  // language.
  it("names the refused characters of 'José Peña', in English and Spanish", () => {
    const result = validateFullName('José  Peña');
    expect(result).toEqual({
      ok: false,
      key: 'validation.name.charactersTry',
      params: { chars: '“é” “ñ”', suggestion: 'Jose Pena' },
    });
    if (result.ok) return;
    expect(translate('en', result.key, result.params)).toBe(
      "A name may use only the letters A-Z without accents, the digits 0-9 and '-'. Not accepted: “é” “ñ”. Write it without accents: Jose Pena.",
    );
    expect(translate('es', result.key, result.params)).toBe(
      "Un nombre solo puede usar las letras A-Z sin acentos, los dígitos 0-9 y '-'. No se aceptan: “é” “ñ”. Escríbalo sin acentos: Jose Pena.",
    );
  });

  it('counts a decomposed accent as the one character typed, each refused character once', () => {
    expect(refusedNameCharacters('Jose\u0301-Pen\u0303a')).toEqual(['é', 'ñ']);
    expect(refusedNameCharacters('Ánn.é.')).toEqual(['Á', '.', 'é']);
    expect(refusedNameCharacters('Mary Ann')).toEqual([' ']);
  });

  it('suggests no form when dropping the accents still leaves refused characters', () => {
    expect(validateNamePart('Zoë.')).toEqual({
      ok: false,
      key: 'validation.name.characters',
      params: { chars: '“ë” “.”' },
    });
    expect(validateNamePart('李')).toEqual({
      ok: false,
      key: 'validation.name.characters',
      params: { chars: '“李”' },
    });
  });
});

const _today: CalendarDate = { year: 2025, month: 6, day: 15 };

describe('people (spec 3 and 9)', () => {
  it('registers from 18, adds dependants from 4 and accepts ages up to 110', () => {
    expect({ minRegistrationAgeDefault, minDependentAgeDefault, maxAge }).toEqual({
      minRegistrationAgeDefault: 18,
      minDependentAgeDefault: 4,
      maxAge: 110,
    });
  });

  it('lists relations and genders of spec section 3', () => {
    expect(relationOptions).toEqual([
      'son',
      'daughter',
      'mother',
      'father',
      'spouse',
      'sister',
      'brother',
      'other',
    ]);
    expect(genders).toEqual(['M', 'F', 'X']);
  });
});

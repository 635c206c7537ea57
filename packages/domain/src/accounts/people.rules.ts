/**
 * People: names, dates of birth and their age limits, genders and dependants' relations
 * (spec sections 3, 5 and 9). Nothing here reads the clock: "today" is always a parameter.
 */
import { z } from 'zod';
import {
  ageOn,
  type CalendarDate,
  compareDates,
  formatIsoDate,
  parseDateInput,
} from '../dates/dates.rules';
import type { MessageKey } from '../i18n/catalog';
import type { MessageParams } from '../i18n/i18n.rules';
import {
  type Check,
  checkedString,
  fail,
  isBlank,
  ok,
  requiredKey,
} from '../validation/checks.rules';

/** Minimum age to register an account (configuration default). */
export const minRegistrationAgeDefault = 18;
/** Minimum age of a dependent (configuration default): "anyone aged 4 and older". */
export const minDependentAgeDefault = 4;
/** Maximum age accepted for any date of birth. */
export const maxAge = 110;

/** Relation of a dependent to the account holder: the 8 options of spec section 3. */
export const relationOptions = [
  'son',
  'daughter',
  'mother',
  'father',
  'spouse',
  'sister',
  'brother',
  'other',
] as const;
export type Relation = (typeof relationOptions)[number];

export const genders = ['M', 'F', 'X'] as const;
export type Gender = (typeof genders)[number];

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
  const maxAgeAllowed = options.maxAge ?? maxAge;
  const age = ageOn(date, options.today);
  if (age > maxAgeAllowed) {
    return { ok: false, key: 'validation.dob.tooOld', params: { maxAge: maxAgeAllowed } };
  }
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

const namePartPattern = /^[a-z0-9-]+$/i;
const nameCharacter = /^[a-z0-9-]$/i;

/**
 * The characters of a name the rule refuses, each once in the order typed, quoted (a space
 * shows as “ ”): 'José Peña' → “é” “ñ”. Composed first, so a decomposed é is one character.
 */
export function refusedNameCharacters(value: string): string[] {
  const refused: string[] = [];
  for (const char of value.normalize('NFC')) {
    if (!nameCharacter.test(char) && !refused.includes(char)) refused.push(char);
  }
  return refused;
}

/** The name without its accents ('José' → 'Jose'), or undefined when that is still refused. */
function unaccented(value: string): string | undefined {
  const plain = value.normalize('NFD').replace(/\p{M}/gu, '');
  return plain !== value && splitName(plain).every((part) => namePartPattern.test(part))
    ? plain
    : undefined;
}

/**
 * The spec's name rule refuses the value (section 5: only a-z, 0-9 and '-'): the message names
 * the refused characters, and when dropping accents makes it acceptable, suggests that form.
 */
function refusedName(parts: readonly string[]): Check {
  const chars = refusedNameCharacters(parts.join(''))
    .map((char) => `“${char}”`)
    .join(' ');
  const suggestion = unaccented(parts.join(' ').normalize('NFC'));
  return suggestion
    ? fail('validation.name.charactersTry', { chars, suggestion })
    : fail('validation.name.characters', { chars });
}

/** One name field (first or last): required; only a-z (any case), 0-9 and '-'. */
export function validateNamePart(value: string | null | undefined): Check {
  if (value === null || value === undefined || isBlank(value)) return fail('common.required');
  const trimmed = value.trim();
  return namePartPattern.test(trimmed) ? ok : refusedName([trimmed]);
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
  return parts.every((part) => namePartPattern.test(part)) ? ok : refusedName(parts);
}

/** The main profile is complete only with a non-empty address and zipCode. */
export function isProfileComplete(profile: {
  readonly address?: string | null;
  readonly zipCode?: string | null;
}): boolean {
  return !isBlank(profile.address) && !isBlank(profile.zipCode);
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

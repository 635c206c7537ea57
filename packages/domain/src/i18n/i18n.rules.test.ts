import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  interpolate,
  negotiateLanguage,
  placeholdersOf,
  pluralCategory,
  pluralForm,
} from './i18n.rules';

describe('negotiateLanguage', () => {
  it('takes an explicit language or region tag', () => {
    expect(negotiateLanguage('es')).toBe('es');
    expect(negotiateLanguage('es-MX')).toBe('es');
    expect(negotiateLanguage('EN-us')).toBe('en');
  });
  it('honours Accept-Language weights', () => {
    expect(negotiateLanguage('fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(negotiateLanguage('en;q=0.2,es;q=0.9')).toBe('es');
  });
  it('falls back for unknown or empty values', () => {
    expect(negotiateLanguage('de')).toBe('en');
    expect(negotiateLanguage(undefined)).toBe('en');
    expect(negotiateLanguage('', 'es')).toBe('es');
  });
  it('always answers a supported language', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(['en', 'es']).toContain(negotiateLanguage(s));
      }),
    );
  });
});

describe('interpolate', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(interpolate('Service unavailable in {state}', { state: 'NY' })).toBe(
      'Service unavailable in NY',
    );
    expect(interpolate('Record {id} status {status}', { id: 7 })).toBe('Record 7 status {status}');
  });
  it('lists placeholders', () => {
    expect(placeholdersOf('{b} and {a} and {b}')).toEqual(['a', 'b']);
  });
});

describe('pluralForm (Intl.PluralRules)', () => {
  const forms = { one: 'visits.one', other: 'visits.other' } as const;
  it('picks one for 1 and other for 0, 2 and 1.5, in English and Spanish', () => {
    for (const lang of ['en', 'es'] as const) {
      expect(
        [0, 1, 2, 1.5].map((n) => pluralCategory(lang, n)),
        lang,
      ).toEqual(['other', 'one', 'other', 'other']);
      expect(
        [0, 1, 2, 1.5].map((n) => pluralForm(lang, n, forms)),
        lang,
      ).toEqual(['visits.other', 'visits.one', 'visits.other', 'visits.other']);
    }
  });
  it("reads other for a category without its text (Spanish's many: a million)", () => {
    expect(pluralCategory('es', 1_000_000)).toBe('many');
    expect(pluralCategory('en', 1_000_000)).toBe('other');
    expect(pluralForm('es', 1_000_000, forms)).toBe('visits.other');
    expect(pluralForm('es', 1_000_000, { ...forms, many: 'visits.many' })).toBe('visits.many');
  });
});

import { describe, expect, it } from 'vitest';
import { areaCatalogues, catalog, translate } from './catalog';
import { languages, placeholdersOf } from './i18n.rules';

describe('message catalogues', () => {
  const keys = Object.keys(catalog.en);

  it('has the same keys in every language', () => {
    for (const lang of languages) {
      expect(Object.keys(catalog[lang]).sort()).toEqual([...keys].sort());
    }
  });

  it('uses the same placeholders in every language', () => {
    for (const key of keys) {
      const expected = placeholdersOf(catalog.en[key as keyof typeof catalog.en]);
      for (const lang of languages) {
        expect({
          key,
          placeholders: placeholdersOf(catalog[lang][key as keyof typeof catalog.en]),
        }).toEqual({
          key,
          placeholders: expected,
        });
      }
    }
  });

  it('has no empty text', () => {
    for (const lang of languages) {
      for (const [key, text] of Object.entries(catalog[lang])) {
        expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
      }
    }
  });

  it('defines each key in exactly one area', () => {
    const seen = new Map<string, string>();
    for (const [area, messages] of Object.entries(areaCatalogues)) {
      for (const key of Object.keys(messages.en)) {
        expect({ key, alsoIn: seen.get(key) }).toEqual({ key, alsoIn: undefined });
        seen.set(key, area);
      }
    }
  });

  it('translates with placeholders', () => {
    expect(translate('es', 'accounts.login.unauthorized')).toBe(
      'No autorizado. El usuario o la contraseña son incorrectos.',
    );
    expect(translate('en', 'accounts.home.welcome', { name: 'Ana' })).toBe('Welcome, Ana');
  });
});

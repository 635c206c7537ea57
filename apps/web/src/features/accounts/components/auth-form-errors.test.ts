import { namePartSchema } from '@apothecall/domain/accounts/people.rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, translator } from '../../../lib/i18n';
import { encodeFieldError, translateFieldError } from './auth-form-errors';

/**
 * The register form shows under the name field exactly which characters
 * the spec's rule (A-Z, 0-9 and '-') refused, in the app's language. The screen encodes the
 * schema's first issue with encodeFieldError and renders it with translateFieldError.
 */
function shownUnder(value: string, lang: 'en' | 'es'): string | undefined {
  const result = namePartSchema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  if (!issue) return undefined;
  const params = 'params' in issue ? issue.params : undefined;
  return translateFieldError(translator(lang), encodeFieldError(issue.message, params));
}

describe("the register form's name error", () => {
  beforeAll(async () => {
    await loadLanguage('en');
    await loadLanguage('es');
  });

  it("names the refused 'é' of José and suggests Jose, in English and Spanish", () => {
    expect(shownUnder('José', 'en')).toBe(
      "A name may use only the letters A-Z without accents, the digits 0-9 and '-'. Not accepted: “é”. Write it without accents: Jose.",
    );
    expect(shownUnder('José', 'es')).toBe(
      "Un nombre solo puede usar las letras A-Z sin acentos, los dígitos 0-9 y '-'. No se aceptan: “é”. Escríbalo sin acentos: Jose.",
    );
  });

  it('names an apostrophe without suggesting a form, in English and Spanish', () => {
    expect(shownUnder("O'Brien", 'en')).toBe(
      "A name may use only the letters A-Z without accents, the digits 0-9 and '-'. Not accepted: “'”.",
    );
    expect(shownUnder("O'Brien", 'es')).toBe(
      "Un nombre solo puede usar las letras A-Z sin acentos, los dígitos 0-9 y '-'. No se aceptan: “'”.",
    );
  });

  it('accepts Pena', () => {
    expect(shownUnder('Pena', 'es')).toBeUndefined();
  });
});

/**
 * Language rules: which languages the product speaks, how a request's language is chosen,
 * and how a message template is filled. Templates use single braces: 'Service unavailable in {state}'.
 */
export const languages = ['en', 'es'] as const;
export type Lang = (typeof languages)[number];
export const defaultLanguage: Lang = 'en';

export type MessageTable = Readonly<Record<string, string>>;
export type MessageParams = Readonly<Record<string, string | number>>;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * Picks the language from an explicit value ('es', 'es-MX') or an Accept-Language list
 * ('es-MX,es;q=0.9,en;q=0.8'); anything unknown falls back.
 */
export function negotiateLanguage(
  value: string | null | undefined,
  fallback: Lang = defaultLanguage,
): Lang {
  if (!value) return fallback;
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.toLowerCase().split('-')[0] ?? '',
        weight: Number.isNaN(weight) ? 0 : weight,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const match = ranked.find((entry) => isLang(entry.base));
  return match && isLang(match.base) ? match.base : fallback;
}

const placeholderPattern = /\{(\w+)\}/g;

/** The placeholder names a template uses, sorted, without duplicates. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(placeholderPattern)].map((m) => m[1] ?? ''))].sort();
}

/** Fills {name} placeholders; a placeholder without a value is left as written. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(placeholderPattern, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** A CLDR plural category (Intl.PluralRules): en has one and other; es one, many and other. */
export type PluralCategory = Intl.LDMLPluralRule;

/**
 * The texts of a count message by plural category: `other` always, the others the languages
 * need ('1 visit' is `one`). A category without its own text reads `other`.
 */
export type PluralForms<K extends string> = { readonly other: K } & {
  readonly [C in Exclude<PluralCategory, 'other'>]?: K;
};

const pluralRules = new Map<Lang, Intl.PluralRules>();

/** The plural category of a count in a language, by its CLDR rules (Intl.PluralRules). */
export function pluralCategory(lang: Lang, count: number): PluralCategory {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/**
 * The form of a count message a language's plural rules pick: English and Spanish say '1 visit'
 * and '0 / 2 / 1.5 visits'; Spanish's `many` (a million: 'un millón de consultas') reads `other`
 * unless a text of its own is given. The one place a count chooses its text.
 */
export function pluralForm<K extends string>(lang: Lang, count: number, forms: PluralForms<K>): K {
  return forms[pluralCategory(lang, count)] ?? forms.other;
}

import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import {
  interpolate,
  type Lang,
  negotiateLanguage,
  type PluralForms,
  pluralForm,
} from '@apothecall/domain/i18n/i18n.rules';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * The page's language and its texts: the domain package's catalogues (keys contain dots,
 * placeholders are {single}), with a small store so a switch re-renders every screen. No i18n
 * library: it weighed ~15 KB gzip on the first screen. Each language's texts come in
 * two chunks: the core (the shell, accounts, validation, the server's messages), fetched before
 * the first render (main.tsx) or before a switch, and the screens' texts (Get Care, the clinic,
 * the call, Rx, the pharmacy portal, prepay, payments), fetched with the first screen that needs
 * them (`loadScreenTexts`, routes.tsx). A page downloads its language only, and the login screen
 * not the feature screens' texts.
 */
const storageKey = 'apothecall.lang';

export type MessageTable = Readonly<Record<MessageKey, string>>;
type PartTable = Readonly<Partial<Record<MessageKey, string>>>;

const coreLoaders: Record<Lang, () => Promise<PartTable>> = {
  en: () => import('@apothecall/domain/i18n/catalog.core.en').then((m) => m.enCore),
  es: () => import('@apothecall/domain/i18n/catalog.core.es').then((m) => m.esCore),
};
const screenLoaders: Record<Lang, () => Promise<PartTable>> = {
  en: () => import('@apothecall/domain/i18n/catalog.screens.en').then((m) => m.enScreens),
  es: () => import('@apothecall/domain/i18n/catalog.screens.es').then((m) => m.esScreens),
};
const cores: Partial<Record<Lang, PartTable>> = {};
const screenParts: Partial<Record<Lang, PartTable>> = {};
/** Once a screen asked for its texts, a language switch fetches them too. */
let screensWanted = false;

export function initialLanguage(): Lang {
  const stored = globalThis.localStorage?.getItem(storageKey);
  return negotiateLanguage(stored ?? globalThis.navigator?.languages?.join(',') ?? 'en');
}

let lang: Lang = initialLanguage();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Fetches a language's core texts once; the app renders after the page's language is in. */
export async function loadLanguage(which: Lang): Promise<void> {
  cores[which] ??= await coreLoaders[which]();
  if (screensWanted) screenParts[which] ??= await screenLoaders[which]();
}

/** Fetches the screens' texts of the page's language once (a screen renders after them). */
export async function loadScreenTexts(): Promise<void> {
  screensWanted = true;
  const which = lang;
  screenParts[which] ??= await screenLoaders[which]();
}

export function currentLanguage(): Lang {
  return lang;
}

export async function setLanguage(next: Lang): Promise<void> {
  await loadLanguage(next);
  localStorage.setItem(storageKey, next);
  document.documentElement.lang = next;
  lang = next;
  for (const listener of listeners) listener();
}

/** The loaded language of the two: the one asked for, else the page's (loaded before render). */
function loadedLanguage(which: Lang): Lang {
  if (cores[which]) return which;
  if (cores[lang]) return lang;
  const any = (Object.keys(cores) as Lang[])[0];
  if (!any) throw new Error(`the ${which} catalogue is not loaded (loadLanguage)`);
  return any;
}

function textOf(which: Lang, key: MessageKey): string | undefined {
  const loaded = loadedLanguage(which);
  return cores[loaded]?.[key] ?? screenParts[loaded]?.[key];
}

/**
 * The message in the given language, with {placeholders} filled. A screen's text asked for
 * before its chunk arrived (never expected: screens wait for it) shows as its key, not a crash.
 */
export function translate(
  which: Lang,
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  const text = textOf(which, key);
  if (text === undefined) {
    if (import.meta.env.DEV) console.error(`text ${key} asked for before it was loaded`);
    return key;
  }
  return interpolate(text, params);
}

/** Whether a string is a key of the loaded texts (every language has the same keys). */
export function isMessageKey(key: string): key is MessageKey {
  return textOf(lang, key as MessageKey) !== undefined;
}

/** The typed translation function of one language: only catalogue keys compile. */
export interface Translate {
  (key: MessageKey, params?: Record<string, string | number>): string;
  /** The language it writes in (a count message picks its plural form by it: countText). */
  readonly lang: Lang;
}

/** A Translate into one language, over the page's loaded texts or another renderer (tests). */
export function translator(
  which: Lang,
  render: (
    lang: Lang,
    key: MessageKey,
    params?: Record<string, string | number>,
  ) => string = translate,
): Translate {
  const t = (key: MessageKey, params?: Record<string, string | number>) =>
    render(which, key, params);
  return Object.assign(t, { lang: which });
}

/**
 * A count message in t's language: the form the language's plural rules pick for `count`
 * (domain `pluralForm`, Intl.PluralRules), with {count} and the other placeholders filled.
 */
export function countText(
  t: Translate,
  count: number,
  forms: PluralForms<MessageKey>,
  params: Record<string, string | number> = {},
): string {
  return t(pluralForm(t.lang, count, forms), { ...params, count });
}

/** The page's language, re-rendering on a switch (for Intl number, date and time formats). */
export function useLang(): Lang {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/** The typed translation function: only catalogue keys compile. */
export function useT(): Translate {
  const current = useLang();
  return useMemo(() => translator(current), [current]);
}

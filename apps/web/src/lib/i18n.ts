import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { interpolate, type Lang, negotiateLanguage } from '@apothecall/domain/i18n/i18n.rules';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The page's language and its texts: the domain package's catalogues (keys contain dots,
 * placeholders are {single}), with a small store so a switch re-renders every screen. No i18n
 * library: it weighed ~15 KB gzip on the first screen (issue 12). Each language's catalogue is
 * a chunk of its own, fetched before the first render (main.tsx) or before a switch: a page
 * downloads the texts of its language only.
 */
const storageKey = 'apothecall.lang';

export type MessageTable = Readonly<Record<MessageKey, string>>;

const loaders: Record<Lang, () => Promise<MessageTable>> = {
  en: () => import('@apothecall/domain/i18n/catalog.en').then((m) => m.en),
  es: () => import('@apothecall/domain/i18n/catalog.es').then((m) => m.es),
};
const tables: Partial<Record<Lang, MessageTable>> = {};

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

/** Fetches a language's catalogue once; the app renders after the page's language is in. */
export async function loadLanguage(which: Lang): Promise<void> {
  tables[which] ??= await loaders[which]();
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

/** The loaded catalogue of a language (the page's is loaded before the app renders). */
function tableOf(which: Lang): MessageTable {
  const table = tables[which] ?? tables[lang] ?? Object.values(tables)[0];
  if (!table) throw new Error(`the ${which} catalogue is not loaded (loadLanguage)`);
  return table;
}

/** The message in the given language, with {placeholders} filled. */
export function translate(
  which: Lang,
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  return interpolate(tableOf(which)[key], params);
}

/** Whether a string is a catalogue key (every language has the same keys). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(tableOf(lang), key);
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The page's language, re-rendering on a switch (for Intl number, date and time formats). */
export function useLang(): Lang {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/** The typed translation function: only catalogue keys compile. */
export function useT(): Translate {
  const current = useLang();
  return useCallback<Translate>((key, params) => translate(current, key, params), [current]);
}

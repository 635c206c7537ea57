import { type MessageKey, translate } from '@apothecall/domain/i18n/catalog';
import { type Lang, negotiateLanguage } from '@apothecall/domain/i18n/i18n.rules';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The page's language and its texts: the domain package's catalogues and `translate` (keys
 * contain dots, placeholders are {single}), with a small store so a switch re-renders every
 * screen. No i18n library: it weighed ~15 KB gzip on the first screen (issue 12).
 */
const storageKey = 'apothecall.lang';

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

export function currentLanguage(): Lang {
  return lang;
}

export async function setLanguage(next: Lang): Promise<void> {
  localStorage.setItem(storageKey, next);
  document.documentElement.lang = next;
  lang = next;
  for (const listener of listeners) listener();
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

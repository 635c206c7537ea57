import { catalog, type MessageKey } from '@apothecall/domain/i18n/catalog';
import { type Lang, negotiateLanguage } from '@apothecall/domain/i18n/i18n.rules';
import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';

/** i18next over the domain package's catalogues; keys contain dots, placeholders are {single}. */
const storageKey = 'apothecall.lang';

export function initialLanguage(): Lang {
  const stored = globalThis.localStorage?.getItem(storageKey);
  return negotiateLanguage(stored ?? globalThis.navigator?.languages?.join(',') ?? 'en');
}

void i18next.use(initReactI18next).init({
  resources: { en: { translation: catalog.en }, es: { translation: catalog.es } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  returnNull: false,
});

export function currentLanguage(): Lang {
  return negotiateLanguage(i18next.language);
}

export async function setLanguage(lang: Lang): Promise<void> {
  localStorage.setItem(storageKey, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The page's language, re-rendering on a switch (for Intl number, date and time formats). */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return negotiateLanguage(i18n.language);
}

/** The typed translation function: only catalogue keys compile. */
export function useT(): Translate {
  const { t } = useTranslation();
  return useCallback<Translate>((key, params) => t(key, params ?? {}), [t]);
}

export { i18next };

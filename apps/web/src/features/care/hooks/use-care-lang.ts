import { type Lang, negotiateLanguage } from '@apothecall/domain/i18n/i18n.rules';
import { useTranslation } from 'react-i18next';

/** The page's language, re-rendering on a switch (for Intl number and time formats). */
export function useCareLang(): Lang {
  const { i18n } = useTranslation();
  return negotiateLanguage(i18n.language);
}

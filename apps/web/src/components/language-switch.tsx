import { languages } from '@apothecall/domain/i18n/i18n.rules';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage, useT } from '../lib/i18n';

export function LanguageSwitch() {
  const t = useT();
  const { i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('shell.language')}
      value={i18n.language}
      onChange={(value) => {
        if (value === 'en' || value === 'es') void setLanguage(value);
      }}
      data={languages.map((lang) => ({
        value: lang,
        label: lang.toUpperCase(),
      }))}
      title={t(`shell.language.${i18n.language === 'es' ? 'es' : 'en'}`)}
    />
  );
}

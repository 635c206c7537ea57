import { languages } from '@apothecall/domain/i18n/i18n.rules';
import { SegmentedControl } from '@mantine/core';
import { setLanguage, useLang, useT } from '../lib/i18n';

export function LanguageSwitch() {
  const t = useT();
  const lang = useLang();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('shell.language')}
      value={lang}
      onChange={(value) => {
        if (value === 'en' || value === 'es') void setLanguage(value);
      }}
      data={languages.map((lang) => ({
        value: lang,
        label: lang.toUpperCase(),
      }))}
      title={t(`shell.language.${lang}`)}
    />
  );
}

import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { ProviderLicenceView } from '@apothecall/domain/providers/providers.api';
import type { Translate } from '../../../lib/i18n';

/** A calendar day ('YYYY-MM-DD') as the language writes it (read at noon: no zone shifts it). */
export function formatLicenceDay(day: string, lang: Lang): string {
  const date = new Date(`${day}T12:00:00`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium' }).format(
    date,
  );
}

/** "FL until Dec 31, 2099", "FL expired May 14, 2026", "FL (no expiry recorded)". */
export function licenceText(t: Translate, licence: ProviderLicenceView, lang: Lang): string {
  if (licence.expiresOn === null)
    return t('providersUi.licence.noExpiry', { state: licence.state });
  const date = formatLicenceDay(licence.expiresOn, lang);
  return licence.inForce
    ? t('providersUi.licence.expires', { state: licence.state, date })
    : t('providersUi.licence.expired', { state: licence.state, date });
}

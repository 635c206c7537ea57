import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import {
  isPharmacyStatus,
  type PharmacyDisplayStatus,
  pharmacyStatusLabelKey,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { isUsStateCode, stateNameKey } from '@apothecall/domain/places/places.rules';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import { isMessageKey, type Translate } from '../../../lib/i18n';

/** Display helpers of the pharmacy portal's screens. */

/** A treatment's name from its product id (the catalogue's key when given), else the id. */
export function treatmentName(t: Translate, productId: string, nameKey?: string): string {
  const key = nameKey ?? rxProductById(productId)?.nameKey;
  return key && isMessageKey(key) ? t(key) : productId;
}

/** 'Florida' for 'FL'; an unknown code is shown as given. */
export function stateName(t: Translate, code: string): string {
  return isUsStateCode(code) ? t(stateNameKey(code)) : code;
}

/** A pharmacy-side (or e-prescription) status's label; an unknown one as given. */
export function pharmacyStatusLabel(t: Translate, status: string): string {
  if (isPharmacyStatus(status) || isDisplayOnly(status)) return t(pharmacyStatusLabelKey(status));
  return status;
}

function isDisplayOnly(status: string): status is PharmacyDisplayStatus {
  return status === 'transmitted' || status === 'ERROR' || status === 'Transmit-Error';
}

const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** A date (YYYY-MM-DD, read as that calendar day) or an instant, in the reader's language. */
export function formatDay(iso: string, lang: Lang): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium' }).format(date);
}

import { formatDateAndTime } from '@apothecall/domain/dates/time-format.rules';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { CardBrand } from '@apothecall/domain/payments/payments.schemas';
import { ApiError } from '../api-client';
import type { Translate } from '../i18n';
import { isMessageKey } from '../i18n';

/** The US variants: the product serves US patients, in English or Spanish ('$20.00' in both). */
const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** Integer cents as US dollars, written the way US readers of that language expect. */
export function formatCents(cents: number, lang: Lang): string {
  return new Intl.NumberFormat(usLocale(lang), { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  );
}

/** An ISO instant as a local day in the reader's language ('Nov 27, 2026'). */
export function formatDay(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium' }).format(date);
}

/** An ISO instant as a local date and time in the reader's language. */
export function formatDateTime(iso: string, lang: Lang): string {
  return formatDateAndTime(iso, lang);
}

export function brandName(t: Translate, brand: CardBrand): string {
  return t(`paymentScreens.brand.${brand}`);
}

/** 'Visa •••• 1111'. */
export function maskedCard(t: Translate, card: { brand: CardBrand; last4: string }): string {
  return t('paymentScreens.card.masked', { brand: brandName(t, card.brand), last4: card.last4 });
}

/** The gateway's status text in words; an unknown status is shown as the gateway sent it. */
export function statusLabel(t: Translate, status: string): string {
  const key = `paymentScreens.status.${status}`;
  return isMessageKey(key) ? t(key) : status;
}

/** The server's translated message, or the network message when it could not be reached. */
export function failureMessage(t: Translate, error: unknown): string {
  return error instanceof ApiError && error.status !== 0 ? error.message : t('errors.network');
}

/**
 * A form error (a catalogue key from the domain schemas) as display text. A message that is
 * not a catalogue key (zod's own English, e.g. a too-long name) falls back to the spec's
 * 'Payment information is not valid.'.
 */
export function translateCardError(t: Translate, message: unknown): string | undefined {
  if (typeof message !== 'string' || message === '') return undefined;
  const key: MessageKey = isMessageKey(message) ? message : 'validation.card.invalid';
  return t(key);
}

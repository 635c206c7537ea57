import { formatDateAndTime } from '@apothecall/domain/dates/time-format.rules';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';

/** Display helpers of the CRM screen. */

const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** A calendar day (YYYY-MM-DD, read as that day wherever the reader is) in their language. */
export function formatDay(day: string, lang: Lang): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T12:00:00` : day);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium' }).format(date);
}

/** An instant, its day and time in the reader's zone and language. */
export function formatDateTime(iso: string, lang: Lang): string {
  return formatDateAndTime(iso, lang);
}

/** Today's calendar day in the reader's zone (YYYY-MM-DD). */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

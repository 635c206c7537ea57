import { formatDateAndTime } from '@apothecall/domain/dates/time-format.rules';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { formatUsd } from '@apothecall/domain/pricing/pricing.rules';
import { countText, type Translate } from '../../../lib/i18n';

/** Display helpers of the analytics screen. */

const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

export { formatUsd };

/** A count or a figure with at most one decimal, in the reader's language (26.8, 26,8). */
export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(usLocale(lang), { maximumFractionDigits: 1 }).format(value);
}

/** A calendar day (YYYY-MM-DD) in the reader's language. */
export function formatDay(day: string, lang: Lang): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T12:00:00` : day);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium' }).format(date);
}

/** An instant, its day and time in the reader's zone and language. */
export function formatDateTime(iso: string, lang: Lang): string {
  return formatDateAndTime(iso, lang);
}

/** Today's calendar day in the reader's zone (YYYY-MM-DD), as the server reads X-Time-Zone. */
export function todayHere(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "over 1 claim" / "over 12 claims", by the reader's plural rules. */
export function claimsText(t: Translate, claims: number): string {
  return countText(t, claims, {
    one: 'analyticsUi.claim.claims.one',
    other: 'analyticsUi.claim.claims.other',
  });
}

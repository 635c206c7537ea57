import { formatWallTime } from '@apothecall/domain/dates/time-format.rules';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { ApiError } from '../../../lib/api-client';
import type { Translate } from '../../../lib/i18n';

/** The US variants: the product serves US patients, in English or Spanish. */
const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/**
 * A note's day (YYYY-MM-DD, already in the reader's time zone: the server dates notes in the
 * X-Time-Zone the app sends) in the reader's language: 'May 1, 2024'.
 */
export function formatNoteDate(isoDate: string, lang: Lang): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** A note's wall-clock time (HH:MM[:SS]) in the reader's language: '2:05 PM'. */
export function formatNoteTime(time: string, lang: Lang): string {
  return formatWallTime(time, lang);
}

/** Today on this device's calendar, YYYY-MM-DD (the same zone the app sends as X-Time-Zone). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The server's translated message, or the network message when it could not be reached. */
export function failureMessage(t: Translate, error: unknown): string {
  return error instanceof ApiError && error.status !== 0 ? error.message : t('errors.network');
}

/** Hands a downloaded file to the browser under a name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Let the download start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import type { Lang } from '../i18n/i18n.rules';

/**
 * Times of day for display: the one format every screen uses, patients' and staff's alike
 * (in the browser's own locale, a provider's 24-hour browser would show 14:30 where the patient
 * read 2:30 PM).
 *
 * The locale is the user's language in its US variant, never the browser's: 'en' -> 'en-US'
 * (12-hour, '2:30 PM'), 'es' -> 'es-US' (US Spanish: also 12-hour, '2:30 p.m.', as Spanish is
 * written in the US; Spain's 24-hour 'es-ES' is not what our readers use). The hour cycle is
 * the locale's (Intl decides it from the locale alone), so the same language always reads the
 * same way. Intl writes a narrow or no-break space before the day period in some versions: the
 * result has plain spaces. Nothing here changes stored or wire formats (ISO instants, 'HH:mm').
 */

/** The Intl locale of a user's language (the product serves US readers). */
export function displayLocale(lang: Lang): 'en-US' | 'es-US' {
  return lang === 'es' ? 'es-US' : 'en-US';
}

const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** Formatters are slow to build: one per language and option set. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(displayLocale(lang), options);
    formatters.set(key, found);
  }
  return found;
}

function instant(at: Date | string): Date | null {
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? null : date;
}

const clock = { hour: 'numeric', minute: '2-digit' } as const;

/**
 * An instant's clock time in the reader's language ('2:30 PM', '2:30 p.m.'), in `timeZone`
 * (the device's when absent). Unreadable text is returned as given.
 */
export function formatClockTime(at: Date | string, lang: Lang, timeZone?: string): string {
  const date = instant(at);
  if (!date) return typeof at === 'string' ? at : '';
  return plainSpaces(formatter(lang, { ...clock, ...(timeZone ? { timeZone } : {}) }).format(date));
}

/**
 * An instant's day and clock time ('Nov 25, 2026, 2:07 PM'; with `weekday` and without `year`:
 * 'Tue, Jun 3, 2:30 PM'), the same clock as formatClockTime, in `timeZone` (the device's when
 * absent). Unreadable text is returned as given.
 */
export function formatDateAndTime(
  at: Date | string,
  lang: Lang,
  options: { timeZone?: string; weekday?: boolean; year?: boolean } = {},
): string {
  const date = instant(at);
  if (!date) return typeof at === 'string' ? at : '';
  return plainSpaces(
    formatter(lang, {
      ...(options.weekday ? { weekday: 'short' } : {}),
      ...(options.year === false ? {} : { year: 'numeric' }),
      month: 'short',
      day: 'numeric',
      ...clock,
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    }).format(date),
  );
}

/**
 * A wall-clock time as stored ('HH:mm' or 'HH:mm:ss', no zone: a note's time, an
 * availability's start) in the reader's language ('2:05 PM'). Unreadable text is returned as
 * given.
 */
export function formatWallTime(time: string, lang: Lang): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) return time;
  return plainSpaces(
    formatter(lang, { ...clock, timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, 0, 1, hour, minute)),
    ),
  );
}

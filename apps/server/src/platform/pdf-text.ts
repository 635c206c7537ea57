import type { Lang } from '@apothecall/domain/i18n/i18n.rules';

/** Dates and times for the PDFs the server writes, in the reader's language and time zone. */
export const locale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** Formatters are slow to build (about a millisecond each) and a document asks for several. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale(lang), options);
    formatters.set(key, found);
  }
  return found;
}

/** A YYYY-MM-DD day written out in the reader's language ('May 1, 2024'). */
export function longDate(isoDate: string, lang: Lang): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return formatter(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** An HH:MM[:SS] wall-clock time in the reader's language ('2:05 PM'). */
export function shortTime(time: string, lang: Lang): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return formatter(lang, { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hour, minute)),
  );
}

/** The day an instant falls on in the reader's time zone, written out ('November 20, 2026'). */
export function dayOf(at: Date, lang: Lang, timeZone: string): string {
  return formatter(lang, { dateStyle: 'long', timeZone }).format(at);
}

/**
 * An instant in the reader's language and time zone, with the zone's short name ('November 20,
 * 2026 at 9:05 AM CST'). Spelled out field by field: `dateStyle` cannot be combined with
 * `timeZoneName`, and that combination throwing is how signed forms came to print raw ISO
 * timestamps.
 */
export function dateTime(at: Date, lang: Lang, timeZone: string): string {
  return formatter(lang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

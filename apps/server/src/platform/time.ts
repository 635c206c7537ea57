import type { CalendarDate } from '@apothecall/domain/dates/dates.rules';

const made = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/**
 * An en-US formatter of `options` (a constant of its caller) in a time zone, made once per zone:
 * making one costs tens of microseconds, using it a few, and lists format an instant per row.
 * Throws a RangeError for a zone the runtime does not know, as the constructor does.
 */
export function zoneFormat(
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
): Intl.DateTimeFormat {
  let byZone = made.get(options);
  if (!byZone) {
    byZone = new Map();
    made.set(options, byZone);
  }
  let format = byZone.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    // Zones come from request headers: the cache stays bounded whatever clients send.
    if (byZone.size >= 1000) byZone.clear();
    byZone.set(timeZone, format);
  }
  return format;
}

const dayParts: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };
const wallClockParts: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** The calendar date of an instant in a time zone (the user's "today" for age rules). */
export function calendarDateIn(instant: Date, timeZone: string): CalendarDate {
  const parts = zoneFormat(dayParts, timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** Minutes a time zone is ahead of UTC at an instant (New York in winter: -300). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = zoneFormat(wallClockParts, timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time happens in a time zone. */
export function instantAt(
  date: { year: number; month: number; day: number },
  time: { hour: number; minute: number },
  timeZone: string,
): Date {
  const guess = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  const first = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  // A second pass settles instants near a daylight-saving change.
  return new Date(guess - zoneOffsetMinutes(new Date(first), timeZone) * 60_000);
}

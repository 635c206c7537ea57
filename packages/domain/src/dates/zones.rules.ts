/**
 * Instants and calendar days in a time zone: the wall clock of an instant, the instant of a
 * local date and time (daylight-saving gaps and overlaps included), calendar arithmetic on
 * 'YYYY-MM-DD' days. Pure: Intl carries the IANA database; nothing here reads the clock, so
 * "now" is always a parameter (tests pass the instant they mean).
 */

const dayMs = 86_400_000;

/** Whether a string names a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(epochMs: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(epochMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in ms (New York in winter: -5 h). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const w = wallClock(epochMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (epochMs - (epochMs % 1000));
}

/**
 * The instant of a local date and time in a zone. A time that does not exist (skipped by a
 * spring-forward change) moves forward by the gap (02:30 -> 03:30); a time that happens twice
 * (fall back) is the first of the two.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 1970, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  // Two guesses, each corrected by the offset at the guess: the earlier that matches wins.
  const before = wall - zoneOffsetMs(wall - dayMs / 2, timeZone);
  const after = wall - zoneOffsetMs(wall + dayMs / 2, timeZone);
  const candidates = [before, after].sort((a, b) => a - b);
  for (const c of candidates) {
    if (c + zoneOffsetMs(c, timeZone) === wall) return c;
  }
  // In a gap: the wall time does not exist; the later offset moves it forward by the gap.
  return wall - zoneOffsetMs(wall - dayMs / 2, timeZone);
}

/** The local calendar date ('YYYY-MM-DD') of an instant in a zone. */
export function localDate(epochMs: number, timeZone: string): string {
  const w = wallClock(epochMs, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** 'HH:mm' of an instant in a zone. */
export function localTime(epochMs: number, timeZone: string): string {
  const w = wallClock(epochMs, timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' plus days (calendar arithmetic, no zone). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** The first day ('YYYY-MM-01') of the month `months` away from a calendar date's month. */
export function monthStart(date: string, months = 0): string {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The same month and day `years` earlier; 29 February becomes 28 February in a common year. */
export function yearsBefore(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const year = (y ?? 1970) - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : (d ?? 1);
  return `${String(year).padStart(4, '0')}-${String(m ?? 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The calendar as a person in `timeZone` reads it at the instant `now`: the one helper the
 * tests use for "today", "this month", "the first of last month" and "a slot later today", so
 * no test takes the machine's UTC day for the local day the app works in.
 */
export function calendarAt(now: number, timeZone: string) {
  const today = localDate(now, timeZone);
  return {
    now,
    timeZone,
    /** 'YYYY-MM-DD' in the zone. */
    today,
    /** 'YYYY-MM' in the zone. */
    month: today.slice(0, 7),
    /** 'YYYY-MM-DD', `days` from today (negative: before). */
    day: (days: number) => addDays(today, days),
    /** The first of the month `months` from this one ('YYYY-MM-01'; -1: last month). */
    monthStart: (months: number) => monthStart(today, months),
    /** Today's month and day `years` ago: a birthday that is today. */
    yearsAgo: (years: number) => yearsBefore(today, years),
    /**
     * The next `stepMinutes` mark at least `leadMinutes` from now, and the instant `lengthMinutes`
     * after it; `sameDay` says whether both read as today's local date (near midnight they may
     * not: a test then writes its block in a zone where they do, or moves the clock).
     */
    slot: (leadMinutes: number, stepMinutes: number, lengthMinutes: number) => {
      const step = stepMinutes * 60_000;
      const from = Math.ceil((now + leadMinutes * 60_000) / step) * step;
      const to = from + lengthMinutes * 60_000;
      return {
        from,
        to,
        sameDay: localDate(from, timeZone) === today && localDate(to, timeZone) === today,
      };
    },
  };
}
export type Calendar = ReturnType<typeof calendarAt>;

/**
 * The next three instants after `now` at which a calendar read in the wrong zone goes wrong, for
 * the tests that run again with the clock moved there:
 * - the 15th at 00:30 UTC, when `timeZone` (west of UTC) is still on the 14th: the first of the
 *   machine's month, a month back, is the last day of the month before that in the zone (where CI
 *   once failed);
 * - 23:30 in the zone on the last day of a month, when UTC is already in the next month;
 * - 01:45 in the zone on its next daylight-saving change day, minutes before the change.
 */
export function calendarEdges(now: number, timeZone: string): { name: string; at: number }[] {
  const utcToday = localDate(now, 'UTC');
  let midMonth = Date.parse(`${monthStart(utcToday, 0).slice(0, 8)}15T00:30:00Z`);
  if (midMonth <= now) midMonth = Date.parse(`${monthStart(utcToday, 1).slice(0, 8)}15T00:30:00Z`);
  const next = (pick: (date: string) => boolean, time: string): number => {
    for (let d = 0; d < 400; d++) {
      const date = addDays(localDate(now, timeZone), d);
      const at = zonedToUtc(date, time, timeZone);
      if (at > now && pick(date)) return at;
    }
    return Number.NaN;
  };
  const lastOfMonth = (date: string) => addDays(date, 1).endsWith('-01');
  const changesOffset = (date: string) =>
    zoneOffsetMs(zonedToUtc(date, '00:00', timeZone), timeZone) !==
    zoneOffsetMs(zonedToUtc(addDays(date, 1), '00:00', timeZone), timeZone);
  return [
    { name: '00:30 UTC on the 15th', at: midMonth },
    { name: '23:30 on the last day of a month', at: next(lastOfMonth, '23:30') },
    { name: '01:45 on a daylight-saving change day', at: next(changesOffset, '01:45') },
  ];
}

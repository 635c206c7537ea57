/**
 * Provider availability (spec section 3 "appointment offer"; issue 18): a block is a weekly
 * recurrence (an RRULE with FREQ=WEEKLY and BYDAY) or one date, with a start and end time of day
 * in the PROVIDER's time zone, cut into slots. Slots are computed in that zone, so a block keeps
 * its local times across a daylight-saving change (09:00 stays 09:00; its UTC instant moves).
 * Patients see slots by their own calendar day (their `X-Time-Zone`).
 *
 * Pure: time zones through Intl only (Node and browsers carry the IANA database).
 */

export const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];

export interface AvailabilityBlockRule {
  /** null for a single date. */
  readonly weekdays: readonly WeekdayCode[] | null;
  /** The first (or only) date, provider-local 'YYYY-MM-DD'. */
  readonly startDate: string;
  /** The last date of a weekly block (inclusive); null = no end. */
  readonly endDate: string | null;
  /** 'HH:mm', provider-local. */
  readonly startTime: string;
  readonly endTime: string;
  readonly slotMinutes: number;
  readonly timeZone: string;
}

export interface Slot {
  /** Epoch ms. */
  readonly from: number;
  readonly to: number;
}

const dayMs = 86_400_000;

/** The RRULE of a weekly block: 'FREQ=WEEKLY;BYDAY=MO,WE' (+ ';UNTIL=YYYYMMDD' when it ends). */
export function toRrule(weekdays: readonly WeekdayCode[], endDate: string | null): string {
  const days = weekdayCodes.filter((d) => weekdays.includes(d)).join(',');
  return `FREQ=WEEKLY;BYDAY=${days}${endDate ? `;UNTIL=${endDate.replaceAll('-', '')}` : ''}`;
}

/** The weekdays and end date of a weekly RRULE; undefined when it is not one this product writes. */
export function parseRrule(
  rrule: string,
): { weekdays: WeekdayCode[]; endDate: string | null } | undefined {
  const parts = new Map(
    rrule
      .replace(/^RRULE:/, '')
      .split(';')
      .map((p) => p.split('=') as [string, string | undefined]),
  );
  if (parts.get('FREQ') !== 'WEEKLY') return undefined;
  const weekdays = (parts.get('BYDAY') ?? '')
    .split(',')
    .filter((d): d is WeekdayCode => (weekdayCodes as readonly string[]).includes(d));
  if (weekdays.length === 0) return undefined;
  const until = parts.get('UNTIL');
  const m = until ? /^(\d{4})(\d{2})(\d{2})/.exec(until) : null;
  return { weekdays, endDate: m ? `${m[1]}-${m[2]}-${m[3]}` : null };
}

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

/** MO..SU of a calendar date. */
export function weekdayOf(date: string): WeekdayCode {
  const [y, m, d] = date.split('-').map(Number);
  const js = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  return weekdayCodes[(js + 6) % 7] as WeekdayCode;
}

/** Whether the block holds on a provider-local date. */
export function blockOccursOn(block: AvailabilityBlockRule, date: string): boolean {
  if (date < block.startDate) return false;
  if (block.weekdays === null) return date === block.startDate;
  if (block.endDate !== null && date > block.endDate) return false;
  return block.weekdays.includes(weekdayOf(date));
}

/** The slots of a block on one provider-local date (none when it does not occur then). */
export function slotsOnProviderDate(block: AvailabilityBlockRule, date: string): Slot[] {
  if (!blockOccursOn(block, date)) return [];
  const start = zonedToUtc(date, block.startTime, block.timeZone);
  const end = zonedToUtc(date, block.endTime, block.timeZone);
  const step = block.slotMinutes * 60_000;
  const slots: Slot[] = [];
  for (let from = start; from + step <= end; from += step) slots.push({ from, to: from + step });
  return slots;
}

/**
 * The slots of a block that start on the patient's calendar day `date` in the patient's zone
 * (the provider's days around it are expanded, so a block late in the provider's evening can
 * fall on the patient's next day).
 */
export function slotsOnPatientDate(
  block: AvailabilityBlockRule,
  date: string,
  patientTimeZone: string,
): Slot[] {
  const out: Slot[] = [];
  for (const offset of [-1, 0, 1]) {
    for (const slot of slotsOnProviderDate(block, addDays(date, offset))) {
      if (localDate(slot.from, patientTimeZone) === date) out.push(slot);
    }
  }
  return out.sort((a, b) => a.from - b.from);
}

/** Whether an instant is the start of one of the block's slots (a booking names a real slot). */
export function isSlotStart(block: AvailabilityBlockRule, from: number): Slot | undefined {
  const date = localDate(from, block.timeZone);
  return slotsOnProviderDate(block, date).find((s) => s.from === from);
}

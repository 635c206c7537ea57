/**
 * Provider availability (spec section 3 "appointment offer"): a block is a weekly
 * recurrence (an RRULE with FREQ=WEEKLY and BYDAY) or one date, with a start and end time of day
 * in the PROVIDER's time zone, cut into slots. Slots are computed in that zone, so a block keeps
 * its local times across a daylight-saving change (09:00 stays 09:00; its UTC instant moves).
 * Patients see slots by their own calendar day (their `X-Time-Zone`).
 *
 * Pure: time zones through Intl only (Node and browsers carry the IANA database).
 */
import { addDays, localDate, zonedToUtc } from '../dates/zones.rules';

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

/** The block's time on a provider-local date (start to end), or undefined when it does not occur. */
function spanOn(block: AvailabilityBlockRule, date: string): Slot | undefined {
  if (!blockOccursOn(block, date)) return undefined;
  return {
    from: zonedToUtc(date, block.startTime, block.timeZone),
    to: zonedToUtc(date, block.endTime, block.timeZone),
  };
}

/**
 * How many of a block's dates two blocks are compared over at most: a year and a week holds
 * every weekday under every daylight-saving offset, so two weekly blocks without an end that do
 * not meet within it never meet.
 */
const overlapHorizonDays = 371;

/**
 * Whether two blocks of one provider share any instant (a provider is never double
 * booked, so a block that overlaps one of theirs is refused). Compared in real time, so blocks
 * in different zones and across daylight-saving changes are compared as they happen; touching
 * ends (09:00-10:00 and 10:00-11:00) do not overlap.
 */
export function blocksOverlap(a: AvailabilityBlockRule, b: AvailabilityBlockRule): boolean {
  const lastOf = (x: AvailabilityBlockRule) => (x.weekdays === null ? x.startDate : x.endDate);
  const aLast = lastOf(a);
  const bLast = lastOf(b);
  // b's dates in a's zone are at most a day apart from its own.
  let date = a.startDate > b.startDate ? a.startDate : addDays(b.startDate, -1);
  const limit = addDays(date, overlapHorizonDays);
  let last = aLast ?? limit;
  if (bLast !== null && addDays(bLast, 1) < last) last = addDays(bLast, 1);
  if (limit < last) last = limit;
  for (; date <= last; date = addDays(date, 1)) {
    const span = spanOn(a, date);
    if (!span) continue;
    for (const offset of [-1, 0, 1]) {
      const other = spanOn(b, addDays(localDate(span.from, b.timeZone), offset));
      if (other && other.from < span.to && span.from < other.to) return true;
    }
  }
  return false;
}

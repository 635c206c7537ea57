import type { AppointmentScreensMessageKey } from '@apothecall/domain/appointments/appointment-screens.messages';
import {
  type AvailabilityBlockView,
  bookingHorizonDays,
} from '@apothecall/domain/appointments/appointments.api';
import type { AppointmentsMessageKey } from '@apothecall/domain/appointments/appointments.messages';
import {
  type AppointmentPhase,
  appointmentPhase,
} from '@apothecall/domain/appointments/appointments.rules';
import type { AppointmentOffer } from '@apothecall/domain/appointments/appointments.schemas';
import { type WeekdayCode, weekdayCodes } from '@apothecall/domain/appointments/availability.rules';
import {
  formatClockTime,
  formatDateAndTime,
  formatWallTime,
} from '@apothecall/domain/dates/time-format.rules';
import { addDays, localDate } from '@apothecall/domain/dates/zones.rules';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { countText, type Translate } from '../../../lib/i18n';

/** Display helpers of the appointment screens (pure: the zone and the clock are handed in). */

const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** The browser's IANA time zone (the zone the server reads from x-time-zone). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A slot's start as a clock time in the reader's zone: '2:30 PM' ('2:30 p.m.' in Spanish). */
export function formatSlotTime(iso: string, lang: Lang, timeZone?: string): string {
  return formatClockTime(iso, lang, timeZone);
}

/** An appointment's date and time in the reader's zone: 'Tue, Jun 3, 2:30 PM'. */
export function formatWhen(iso: string, lang: Lang, timeZone?: string): string {
  return formatDateAndTime(iso, lang, {
    weekday: true,
    year: false,
    ...(timeZone ? { timeZone } : {}),
  });
}

function calendarDate(date: string): Date | null {
  if (!isCalendarDate(date)) return null;
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12));
}

/** A calendar day ('YYYY-MM-DD') as 'Jun 3, 2025' (no zone: the day as written). */
export function formatDay(date: string, lang: Lang): string {
  const day = calendarDate(date);
  if (!day) return date;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    day,
  );
}

/** A calendar day in full: 'Tuesday, June 3, 2025'. */
export function formatLongDay(date: string, lang: Lang): string {
  const day = calendarDate(date);
  if (!day) return date;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'full', timeZone: 'UTC' }).format(
    day,
  );
}

/** Whether a string is a real calendar day 'YYYY-MM-DD'. */
export function isCalendarDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && addDays(date, 0) === date;
}

/** The weekdays of a weekly block in the week's order, as plurals: 'Mondays and Wednesdays'. */
export function weekdayList(t: Translate, weekdays: readonly WeekdayCode[], lang: Lang): string {
  const names = weekdayCodes
    .filter((d) => weekdays.includes(d))
    .map((d) => t(`appointmentUi.weekdays.${d}`));
  return new Intl.ListFormat(usLocale(lang), { style: 'long', type: 'conjunction' }).format(names);
}

type BlockLike = Pick<
  AvailabilityBlockView,
  | 'weekdays'
  | 'startDate'
  | 'endDate'
  | 'startTime'
  | 'endTime'
  | 'slotMinutes'
  | 'timeZone'
  | 'states'
  | 'minAge'
  | 'maxAge'
>;

/**
 * A block in words: 'Mondays and Wednesdays, 9:00 AM–12:00 PM (America/New_York), 30-minute
 * slots, FL, ages 4–110' (a one-date block names its date instead of the weekdays). Times stay
 * in the block's own zone, as the provider published them, written in the reader's clock
 * (the stored 'HH:mm' is not shown as such).
 */
export function blockSummary(t: Translate, block: BlockLike, lang: Lang): string {
  const weekly = block.weekdays !== null && block.weekdays.length > 0;
  const when = weekly
    ? t('appointmentUi.block.weekly', { days: weekdayList(t, block.weekdays ?? [], lang) })
    : formatDay(block.startDate, lang);
  return t('appointmentUi.block.summary', {
    when,
    start: formatWallTime(block.startTime, lang),
    end: formatWallTime(block.endTime, lang),
    zone: block.timeZone,
    minutes: block.slotMinutes,
    states: block.states.join(', '),
    minAge: block.minAge,
    maxAge: block.maxAge,
  });
}

/** The dates a weekly block runs ('From Jun 2, 2025 to Aug 31, 2025'); null for one date. */
export function blockSpan(t: Translate, block: BlockLike, lang: Lang): string | null {
  if (block.weekdays === null || block.weekdays.length === 0) return null;
  const date = formatDay(block.startDate, lang);
  return block.endDate
    ? t('appointmentUi.block.fromUntil', { date, end: formatDay(block.endDate, lang) })
    : t('appointmentUi.block.from', { date });
}

/** '3 appointments booked'. */
export function bookedText(t: Translate, count: number): string {
  if (count <= 0) return t('appointmentUi.block.bookedNone');
  return countText(t, count, {
    one: 'appointmentUi.block.booked.one',
    other: 'appointmentUi.block.booked.other',
  });
}

/** What the Start button of an appointment does at `now`, and the line beside it. */
export interface StartState {
  readonly phase: AppointmentPhase;
  readonly enabled: boolean;
  readonly message: {
    readonly key: AppointmentsMessageKey | AppointmentScreensMessageKey;
    readonly params?: { readonly minutes: number };
  };
}

/**
 * Start is enabled inside the payment window (from `windowMinutes` before the time to as many
 * after it); before, the domain's 'can be started N minutes before' text; after, 'expired.
 * Please delete the appointment.'.
 */
export function startState(startTime: string, now: number, windowMinutes: number): StartState {
  const phase = appointmentPhase(Date.parse(startTime), now, windowMinutes);
  if (phase === 'tooEarly') {
    return {
      phase,
      enabled: false,
      message: { key: 'appointments.tooEarly', params: { minutes: windowMinutes } },
    };
  }
  if (phase === 'expired') {
    return { phase, enabled: false, message: { key: 'appointments.expired' } };
  }
  return { phase, enabled: true, message: { key: 'appointmentUi.scheduled.open' } };
}

/** The days a patient may look at: today (in their zone) to today + the booking horizon. */
export interface DateBounds {
  readonly min: string;
  readonly max: string;
}

export function dateBounds(now: number, timeZone: string): DateBounds {
  const min = localDate(now, timeZone);
  return { min, max: addDays(min, bookingHorizonDays) };
}

export function isDateInBounds(date: string, bounds: DateBounds): boolean {
  return isCalendarDate(date) && date >= bounds.min && date <= bounds.max;
}

/** The day before or after, or null when it leaves the bounds. */
export function stepDate(date: string, delta: number, bounds: DateBounds): string | null {
  if (!isCalendarDate(date)) return null;
  const next = addDays(date, delta);
  return isDateInBounds(next, bounds) ? next : null;
}

/** The US zones a provider picks from (the browser's own first when it is not one of them). */
export const commonTimeZones = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
] as const;

export function timeZoneOptions(current: string): string[] {
  const list: string[] = [...commonTimeZones];
  return current && !list.includes(current) ? [current, ...list] : list;
}

/**
 * One offer per provider, as the patient picks: the server answers an offer per block, so a
 * provider with two blocks that day comes twice. Their slots are joined, in time order, one per
 * start time; the ages and states are the widest of the blocks. Providers with no slot left are
 * dropped; the others keep the order of their first slot.
 */
export function offersByProvider(offers: readonly AppointmentOffer[]): AppointmentOffer[] {
  const merged = new Map<string, AppointmentOffer>();
  for (const offer of offers) {
    const seen = merged.get(offer.userId);
    if (!seen) {
      merged.set(offer.userId, { ...offer, slots: [...offer.slots] });
      continue;
    }
    merged.set(offer.userId, {
      ...seen,
      profilePhoto: seen.profilePhoto ?? offer.profilePhoto,
      ages: {
        minAge: Math.min(seen.ages.minAge, offer.ages.minAge),
        maxAge: Math.max(seen.ages.maxAge, offer.ages.maxAge),
      },
      states: [...new Set([...seen.states, ...offer.states])],
      slots: [...seen.slots, ...offer.slots],
    });
  }
  const firstSlot = (o: AppointmentOffer) => Date.parse(o.slots[0]?.from ?? '') || 0;
  return [...merged.values()]
    .map((offer) => {
      const byStart = new Map(offer.slots.map((s) => [Date.parse(s.from), s]));
      const slots = [...byStart.entries()].sort(([a], [b]) => a - b).map(([, s]) => s);
      return { ...offer, slots };
    })
    .filter((offer) => offer.slots.length > 0)
    .sort((a, b) => firstSlot(a) - firstSlot(b));
}

import type { CalendarDate } from '@apothecall/domain/validation/validation.rules';

/**
 * Today in the browser's time zone. Age rules are judged on this date: the server judges them
 * in the X-Time-Zone the browser sends, so both sides agree even near midnight.
 */
export function localToday(now: Date = new Date()): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** The wire name: first and last name joined ("First Last"). */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

/**
 * Calendar dates of spec section 5: accepted inputs, display (MM-DD-YYYY) and wire (ISO)
 * formats, comparison and age. Nothing here reads the clock: "today" is always a parameter.
 */

/** Years accepted on date input (spec section 5's date-of-birth range). */
export const dobYearRange = { min: 1900, max: 2200 } as const;

/** A calendar date without time or time zone. month is 1-12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when the numbers form a real calendar date (month 1-12, day within the month). */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

const ymdPattern = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/;
const mdyPattern = /^(\d{1,2})([-/])(\d{1,2})\2(\d{4})$/;

/**
 * Reads a date typed as year-month-day or month-day-year, with '-' or '/' (the same separator
 * twice), e.g. 1990-07-04, 1990/7/4, 07-04-1990, 7/4/1990. Month 1-12, day 1-31 and a real
 * calendar date, year 1900-2200; anything else is undefined.
 */
export function parseDateInput(input: string): CalendarDate | undefined {
  const text = input.trim();
  const ymd = ymdPattern.exec(text);
  const mdy = ymd ? null : mdyPattern.exec(text);
  let date: CalendarDate | undefined;
  if (ymd) date = { year: Number(ymd[1]), month: Number(ymd[3]), day: Number(ymd[4]) };
  else if (mdy) date = { year: Number(mdy[4]), month: Number(mdy[1]), day: Number(mdy[3]) };
  if (!date) return undefined;
  if (date.year < dobYearRange.min || date.year > dobYearRange.max) return undefined;
  return isRealDate(date.year, date.month, date.day) ? date : undefined;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** The display format of spec section 5: MM-DD-YYYY. */
export function formatDateForDisplay(date: CalendarDate): string {
  return `${pad(date.month, 2)}-${pad(date.day, 2)}-${pad(date.year, 4)}`;
}

/** The storage / wire format: ISO YYYY-MM-DD. */
export function formatIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Any accepted input written as MM-DD-YYYY, or undefined when it is not a valid date. */
export function formatDobForDisplay(input: string): string | undefined {
  const date = parseDateInput(input);
  return date ? formatDateForDisplay(date) : undefined;
}

/** The calendar date of an instant in UTC (for callers that hold a Date; no clock is read). */
export function calendarDateOfUtc(instant: Date): CalendarDate {
  return {
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
  };
}

/** Negative when a is before b, 0 when equal, positive when after. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Whole years from dob to today. A birthday counts once its month and day are reached, so a
 * 29 February birthday is reached on 1 March in common years.
 */
export function ageOn(dob: CalendarDate, today: CalendarDate): number {
  const beforeBirthday =
    today.month < dob.month || (today.month === dob.month && today.day < dob.day);
  return today.year - dob.year - (beforeBirthday ? 1 : 0);
}

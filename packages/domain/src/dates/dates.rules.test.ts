import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  type CalendarDate,
  calendarDateOfUtc,
  formatDateForDisplay,
  formatDobForDisplay,
  formatIsoDate,
  parseDateInput,
} from './dates.rules';

const today: CalendarDate = { year: 2025, month: 6, day: 15 };

describe('date input (spec 5: year-month-day or month-day-year, - or /)', () => {
  it('reads all four accepted shapes', () => {
    const expected = { year: 1990, month: 7, day: 4 };
    for (const input of [
      '1990-07-04',
      '1990/07/04',
      '07-04-1990',
      '07/04/1990',
      '7/4/1990',
      ' 1990-7-4 ',
    ]) {
      expect({ input, date: parseDateInput(input) }).toEqual({ input, date: expected });
    }
  });

  it('refuses mixed separators, other separators and other orders', () => {
    for (const input of ['1990-07/04', '07.04.1990', '04 07 1990', '19900704', '90-07-04', '']) {
      expect({ input, date: parseDateInput(input) }).toEqual({ input, date: undefined });
    }
  });

  it('keeps month 1-12, day 1-31 and a real calendar date', () => {
    expect(parseDateInput('13-01-1990')).toBeUndefined();
    expect(parseDateInput('00-10-1990')).toBeUndefined();
    expect(parseDateInput('01-32-1990')).toBeUndefined();
    expect(parseDateInput('01-00-1990')).toBeUndefined();
    expect(parseDateInput('02-30-2000')).toBeUndefined();
    expect(parseDateInput('02-29-2001')).toBeUndefined();
    expect(parseDateInput('02-29-2000')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseDateInput('04-31-1990')).toBeUndefined();
  });

  it('keeps years 1900-2200', () => {
    expect(parseDateInput('1899-12-31')).toBeUndefined();
    expect(parseDateInput('1900-01-01')).toEqual({ year: 1900, month: 1, day: 1 });
    expect(parseDateInput('2200-12-31')).toEqual({ year: 2200, month: 12, day: 31 });
    expect(parseDateInput('2201-01-01')).toBeUndefined();
  });

  it('displays as MM-DD-YYYY and stores as YYYY-MM-DD', () => {
    expect(formatDateForDisplay({ year: 1990, month: 7, day: 4 })).toBe('07-04-1990');
    expect(formatIsoDate({ year: 1990, month: 7, day: 4 })).toBe('1990-07-04');
    expect(formatDobForDisplay('1990/7/4')).toBe('07-04-1990');
    expect(formatDobForDisplay('nope')).toBeUndefined();
  });

  it('round-trips every real date through display and ISO formats (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        (d) => {
          const date = calendarDateOfUtc(d);
          expect(parseDateInput(formatDateForDisplay(date))).toEqual(date);
          expect(parseDateInput(formatIsoDate(date))).toEqual(date);
        },
      ),
    );
  });
});

describe('age', () => {
  it('counts whole years, the birthday day included', () => {
    expect(ageOn({ year: 2007, month: 6, day: 15 }, today)).toBe(18);
    expect(ageOn({ year: 2007, month: 6, day: 16 }, today)).toBe(17);
  });

  it('reaches a 29 February birthday on 1 March in common years', () => {
    const dob = { year: 2004, month: 2, day: 29 };
    expect(ageOn(dob, { year: 2022, month: 2, day: 28 })).toBe(17);
    expect(ageOn(dob, { year: 2022, month: 3, day: 1 })).toBe(18);
  });
});

const _today: CalendarDate = { year: 2025, month: 6, day: 15 };

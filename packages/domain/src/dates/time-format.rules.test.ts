import { describe, expect, it } from 'vitest';
import {
  displayLocale,
  formatClockTime,
  formatDateAndTime,
  formatWallTime,
} from './time-format.rules';

// 14:30 UTC on a Tuesday: 9:30 in Chicago (CDT).
const at = '2025-06-03T14:30:00Z';

describe('one clock for every screen (issue 36, finding 18)', () => {
  it('reads the language, never the browser: en-US and es-US', () => {
    expect(displayLocale('en')).toBe('en-US');
    expect(displayLocale('es')).toBe('es-US');
  });

  it('writes an instant in English as 12-hour with AM/PM, in the zone asked', () => {
    expect(formatClockTime(at, 'en', 'UTC')).toBe('2:30 PM');
    expect(formatClockTime(new Date(at), 'en', 'America/Chicago')).toBe('9:30 AM');
  });

  it('writes an instant in Spanish as US Spanish writes it: 12-hour, p.m.', () => {
    expect(formatClockTime(at, 'es', 'UTC')).toBe('2:30 p.m.');
    expect(formatClockTime(at, 'es', 'America/Chicago')).toBe('9:30 a.m.');
  });

  it('writes the day and the same clock', () => {
    expect(formatDateAndTime(at, 'en', { timeZone: 'UTC' })).toBe('Jun 3, 2025, 2:30 PM');
    expect(formatDateAndTime(at, 'es', { timeZone: 'UTC' })).toBe('3 jun 2025, 2:30 p.m.');
    expect(formatDateAndTime(at, 'en', { timeZone: 'UTC', weekday: true, year: false })).toBe(
      'Tue, Jun 3, 2:30 PM',
    );
  });

  it('writes a stored wall-clock time (HH:mm, HH:mm:ss) in the same clock', () => {
    expect(formatWallTime('09:00', 'en')).toBe('9:00 AM');
    expect(formatWallTime('14:05:59', 'en')).toBe('2:05 PM');
    expect(formatWallTime('00:00', 'en')).toBe('12:00 AM');
    expect(formatWallTime('12:00', 'es')).toBe('12:00 p.m.');
    expect(formatWallTime('21:15', 'es')).toBe('9:15 p.m.');
  });

  it('uses plain spaces only (Intl puts narrow no-break spaces before the day period)', () => {
    for (const text of [
      formatClockTime(at, 'en', 'UTC'),
      formatClockTime(at, 'es', 'UTC'),
      formatDateAndTime(at, 'es', { timeZone: 'UTC' }),
      formatWallTime('09:00', 'es'),
    ]) {
      expect(text).not.toMatch(/[\u202f\u00a0]/);
    }
  });

  it('returns unreadable text as given', () => {
    expect(formatClockTime('not a time', 'en')).toBe('not a time');
    expect(formatDateAndTime('nope', 'es')).toBe('nope');
    expect(formatWallTime('25:00', 'en')).toBe('25:00');
    expect(formatWallTime('9am', 'en')).toBe('9am');
  });
});

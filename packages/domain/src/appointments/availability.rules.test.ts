import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, localDate, localTime, zonedToUtc } from '../dates/zones.rules';
import {
  type AvailabilityBlockRule,
  blockOccursOn,
  isSlotStart,
  parseRrule,
  slotsOnPatientDate,
  slotsOnProviderDate,
  toRrule,
  weekdayOf,
} from './availability.rules';

const ny = 'America/New_York';
const sundays: AvailabilityBlockRule = {
  weekdays: ['SU'],
  startDate: '2026-03-01',
  endDate: null,
  startTime: '09:00',
  endTime: '10:00',
  slotMinutes: 30,
  timeZone: ny,
};

describe('time zones (Intl only)', () => {
  it('turns a local time into its instant, in winter and in summer', () => {
    expect(new Date(zonedToUtc('2026-01-15', '09:00', ny)).toISOString()).toBe(
      '2026-01-15T14:00:00.000Z',
    );
    expect(new Date(zonedToUtc('2026-07-15', '09:00', ny)).toISOString()).toBe(
      '2026-07-15T13:00:00.000Z',
    );
  });

  it('moves a time skipped by spring forward ahead by the gap, and takes the first of a repeated one', () => {
    expect(new Date(zonedToUtc('2026-03-08', '02:30', ny)).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(new Date(zonedToUtc('2026-11-01', '01:30', ny)).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('law: a local time that exists comes back as itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 15, 30, 45),
        fc.constantFrom(ny, 'America/Chicago', 'America/Los_Angeles', 'Europe/Madrid', 'UTC'),
        (day, hour, minute, zone) => {
          const date = addDays('2026-01-01', day);
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const at = zonedToUtc(date, time, zone);
          // Skipped times (a spring-forward hour) are the only ones that move.
          if (localTime(at, zone) === time) expect(localDate(at, zone)).toBe(date);
          else expect(at).toBe(zonedToUtc(date, time, zone));
        },
      ),
    );
  });
});

describe('blocks (weekly RRULE or one date)', () => {
  it('writes and reads the weekly RRULE', () => {
    const rrule = toRrule(['WE', 'MO'], '2026-12-31');
    expect(rrule).toBe('FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231');
    expect(parseRrule(rrule)).toEqual({ weekdays: ['MO', 'WE'], endDate: '2026-12-31' });
    expect(parseRrule('FREQ=DAILY')).toBeUndefined();
  });

  it('occurs on its weekdays from its first date to its last', () => {
    expect(weekdayOf('2026-03-01')).toBe('SU');
    expect(blockOccursOn(sundays, '2026-02-22')).toBe(false);
    expect(blockOccursOn(sundays, '2026-03-01')).toBe(true);
    expect(blockOccursOn(sundays, '2026-03-02')).toBe(false);
    expect(blockOccursOn({ ...sundays, endDate: '2026-03-10' }, '2026-03-15')).toBe(false);
    const single = { ...sundays, weekdays: null, startDate: '2026-03-04' };
    expect(blockOccursOn(single, '2026-03-04')).toBe(true);
    expect(blockOccursOn(single, '2026-03-11')).toBe(false);
  });

  it('keeps its local times across the daylight-saving change (09:00 stays 09:00)', () => {
    const before = slotsOnProviderDate(sundays, '2026-03-01');
    const after = slotsOnProviderDate(sundays, '2026-03-08');
    expect(before.map((s) => new Date(s.from).toISOString())).toEqual([
      '2026-03-01T14:00:00.000Z',
      '2026-03-01T14:30:00.000Z',
    ]);
    expect(after.map((s) => new Date(s.from).toISOString())).toEqual([
      '2026-03-08T13:00:00.000Z',
      '2026-03-08T13:30:00.000Z',
    ]);
    expect(before.map((s) => localTime(s.from, ny))).toEqual(['09:00', '09:30']);
    expect(after.map((s) => localTime(s.from, ny))).toEqual(['09:00', '09:30']);
  });

  it("shows the patient the slots that start on the patient's own day", () => {
    const evening = { ...sundays, startTime: '20:00', endTime: '22:00', slotMinutes: 60 };
    // 20:00 and 21:00 in Los Angeles are 23:00 and 00:00 (Monday) in New York.
    const la = { ...evening, timeZone: 'America/Los_Angeles' };
    expect(slotsOnPatientDate(la, '2026-03-01', ny).map((s) => localTime(s.from, ny))).toEqual([
      '23:00',
    ]);
    expect(slotsOnPatientDate(la, '2026-03-02', ny).map((s) => localTime(s.from, ny))).toEqual([
      '00:00',
    ]);
  });

  it('knows a real slot start from any other instant', () => {
    const [first] = slotsOnProviderDate(sundays, '2026-03-08');
    expect(first && isSlotStart(sundays, first.from)).toEqual(first);
    expect(first && isSlotStart(sundays, first.from + 60_000)).toBeUndefined();
  });
});

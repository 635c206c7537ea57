import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { addDays, localDate, localTime, zonedToUtc } from '../dates/zones.rules';
import {
  type AvailabilityBlockRule,
  blockOccursOn,
  blocksOverlap,
  isSlotStart,
  parseRrule,
  slotsOnPatientDate,
  slotsOnProviderDate,
  toRrule,
  type WeekdayCode,
  weekdayCodes,
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

  it('keeps a weekly Monday 09:00 New York block at 09:00 across March and November (issue 34: no rrule)', () => {
    const mondays: AvailabilityBlockRule = {
      ...sundays,
      weekdays: ['MO'],
      startDate: '2026-03-02',
      endDate: '2026-11-09',
      startTime: '09:00',
      endTime: '09:30',
    };
    // Clocks go forward on Sunday 2026-03-08 and back on Sunday 2026-11-01.
    const mondaysAround = ['2026-03-02', '2026-03-09', '2026-10-26', '2026-11-02', '2026-11-09'];
    const expand = () =>
      mondaysAround.flatMap((date) => slotsOnProviderDate(mondays, date).map((slot) => slot.from));
    const starts = expand();
    expect(starts.map((at) => new Date(at).toISOString())).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-10-26T13:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
      '2026-11-09T14:00:00.000Z',
    ]);
    expect(starts.map((at) => `${localDate(at, ny)} ${localTime(at, ny)}`)).toEqual(
      mondaysAround.map((date) => `${date} 09:00`),
    );
    // Only Mondays, and none after the last date.
    expect(slotsOnProviderDate(mondays, '2026-03-08')).toEqual([]);
    expect(slotsOnProviderDate(mondays, '2026-11-16')).toEqual([]);
    // A patient in Phoenix (no daylight saving) sees the hour move: 07:00, then 06:00, then 07:00.
    const phoenix = 'America/Phoenix';
    expect(
      mondaysAround.flatMap((date) =>
        slotsOnPatientDate(mondays, date, phoenix).map((slot) => localTime(slot.from, phoenix)),
      ),
    ).toEqual(['07:00', '06:00', '06:00', '07:00', '07:00']);
    // Intl with the block's zone, never the host's: the same instants under another TZ (rrule's
    // TZID expansion answers in the process's zone, which is why this stays hand-written).
    try {
      vi.stubEnv('TZ', 'Asia/Kolkata');
      expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(-330);
      expect(expand()).toEqual(starts);
    } finally {
      vi.unstubAllEnvs();
    }
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

describe('overlapping blocks of one provider (issue 33)', () => {
  const evening: AvailabilityBlockRule = {
    weekdays: null,
    startDate: '2026-06-10',
    endDate: null,
    startTime: '18:00',
    endTime: '19:00',
    slotMinutes: 15,
    timeZone: ny,
  };

  it('a block inside another overlaps, both ways; touching ends and other days do not', () => {
    const inside = { ...evening, startTime: '18:03', endTime: '18:48' };
    expect(blocksOverlap(inside, evening)).toBe(true);
    expect(blocksOverlap(evening, inside)).toBe(true);
    expect(blocksOverlap(evening, { ...evening, startTime: '19:00', endTime: '20:00' })).toBe(
      false,
    );
    expect(blocksOverlap(evening, { ...evening, startDate: '2026-06-11' })).toBe(false);
  });

  it('weekly blocks meet on a shared weekday, from whichever starts later, until either ends', () => {
    // 2026-06-10 is a Wednesday.
    const wednesdays = { ...evening, weekdays: ['WE'] as const, startDate: '2026-01-07' };
    expect(blocksOverlap(wednesdays, evening)).toBe(true);
    expect(blocksOverlap(evening, wednesdays)).toBe(true);
    expect(blocksOverlap({ ...wednesdays, weekdays: ['TU', 'TH'] }, evening)).toBe(false);
    expect(blocksOverlap({ ...wednesdays, endDate: '2026-06-09' }, evening)).toBe(false);
    expect(blocksOverlap({ ...wednesdays, startDate: '2026-06-11' }, evening)).toBe(false);
    // Two open-ended weekly blocks a year apart still meet.
    expect(blocksOverlap(wednesdays, { ...wednesdays, startDate: '2027-06-02' })).toBe(true);
  });

  it('compares real time across zones: 18:00 New York is 15:00 Los Angeles', () => {
    const la = 'America/Los_Angeles';
    expect(
      blocksOverlap(evening, { ...evening, startTime: '15:30', endTime: '16:00', timeZone: la }),
    ).toBe(true);
    expect(
      blocksOverlap(evening, { ...evening, startTime: '16:00', endTime: '17:00', timeZone: la }),
    ).toBe(false);
    // Late evening in Los Angeles is the next morning's small hours in New York.
    const lateLa = {
      ...evening,
      startDate: '2026-06-09',
      startTime: '22:30',
      endTime: '23:30',
      timeZone: la,
    };
    expect(blocksOverlap({ ...evening, startTime: '01:00', endTime: '02:00' }, lateLa)).toBe(true);
  });

  it('law: overlap is symmetric, and a block that occurs overlaps itself', () => {
    const rule = fc.record({
      weekdays: fc.option(fc.subarray([...weekdayCodes], { minLength: 1 }), { nil: null }),
      startDate: fc.integer({ min: 0, max: 60 }).map((d) => addDays('2026-03-01', d)),
      endDate: fc.option(
        fc.integer({ min: 0, max: 90 }).map((d) => addDays('2026-03-01', d)),
        { nil: null },
      ),
      start: fc.integer({ min: 0, max: 22 }),
      hours: fc.integer({ min: 1, max: 2 }),
      timeZone: fc.constantFrom(ny, 'America/Chicago', 'America/Los_Angeles'),
    });
    const of = (r: {
      weekdays: WeekdayCode[] | null;
      startDate: string;
      endDate: string | null;
      start: number;
      hours: number;
      timeZone: string;
    }): AvailabilityBlockRule => ({
      weekdays: r.weekdays,
      startDate: r.startDate,
      endDate: r.weekdays && r.endDate && r.endDate >= r.startDate ? r.endDate : null,
      startTime: `${String(r.start).padStart(2, '0')}:00`,
      endTime: `${String(Math.min(r.start + r.hours, 23)).padStart(2, '0')}:59`,
      slotMinutes: 30,
      timeZone: r.timeZone,
    });
    fc.assert(
      fc.property(rule, rule, (x, y) => {
        const a = of(x);
        const b = of(y);
        expect(blocksOverlap(a, b)).toBe(blocksOverlap(b, a));
        // A block overlaps itself whenever it occurs at all.
        if (blockOccursOn(a, a.startDate)) expect(blocksOverlap(a, a)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarAt,
  calendarEdges,
  localDate,
  monthStart,
  yearsBefore,
  zonedToUtc,
} from './zones.rules';

const ny = 'America/New_York';

/**
 * The instants that once broke CI: it failed between midnight UTC and midnight in New York, where
 * the machine's UTC day is already tomorrow. The tests' calendar reads the app's zone instead.
 */
describe('the calendar a test reads (issue 31)', () => {
  it('at 00:30 UTC on the first of a month, New York is still on the last day of the previous one', () => {
    const c = calendarAt(Date.parse('2026-12-01T00:30:00Z'), ny);
    expect(c.today).toBe('2026-11-30');
    expect(c.month).toBe('2026-11');
    expect(c.monthStart(-1)).toBe('2026-10-01');
    expect(c.monthStart(0)).toBe('2026-11-01');
    expect(c.day(1)).toBe('2026-12-01');
    // The bug's own arithmetic: the machine's UTC month minus one is October's first at 00:30 UTC,
    // which New York reads as 30 September.
    const utcLastMonth = new Date('2026-12-01T00:30:00Z');
    utcLastMonth.setUTCMonth(utcLastMonth.getUTCMonth() - 1);
    expect(localDate(utcLastMonth.getTime(), ny)).toBe('2026-10-31');
  });

  it('at 23:30 in New York on the last day of a month, UTC is already in the next month', () => {
    const at = zonedToUtc('2026-12-31', '23:30', ny);
    expect(new Date(at).toISOString()).toBe('2027-01-01T04:30:00.000Z');
    const c = calendarAt(at, ny);
    expect(c.today).toBe('2026-12-31');
    expect(c.monthStart(-1)).toBe('2026-11-01');
    expect(c.monthStart(1)).toBe('2027-01-01');
    // A slot 2 minutes on, 5-minute steps, 15 minutes long: 23:35-23:50, still today.
    const slot = c.slot(2, 5, 15);
    expect(slot.sameDay).toBe(true);
    // 20 minutes on, it would cross midnight.
    expect(c.slot(20, 5, 15).sameDay).toBe(false);
  });

  it('on the spring-forward day, a slot across 02:00 is one real hour shorter on the wall', () => {
    const at = zonedToUtc('2027-03-14', '01:50', ny);
    const c = calendarAt(at, ny);
    expect(c.today).toBe('2027-03-14');
    const slot = c.slot(5, 5, 15);
    // 01:55 EST + 15 minutes reads 03:10 EDT: the same local day.
    expect(new Date(slot.from).toISOString()).toBe('2027-03-14T06:55:00.000Z');
    expect(slot.sameDay).toBe(true);
    expect(localDate(slot.to, ny)).toBe('2027-03-14');
    // 02:30 does not exist that day: it is read as 03:30 EDT.
    expect(new Date(zonedToUtc('2027-03-14', '02:30', ny)).toISOString()).toBe(
      '2027-03-14T07:30:00.000Z',
    );
  });

  it('on the fall-back day, 01:30 happens twice and the first is meant', () => {
    expect(new Date(zonedToUtc('2026-11-01', '01:30', ny)).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(calendarAt(Date.parse('2026-11-01T06:30:00Z'), ny).today).toBe('2026-11-01');
  });

  it('month starts and birthdays across year ends and leap days', () => {
    expect(monthStart('2027-01-15', -1)).toBe('2026-12-01');
    expect(monthStart('2026-12-31', 1)).toBe('2027-01-01');
    expect(monthStart('2026-03-31', -13)).toBe('2025-02-01');
    expect(yearsBefore('2028-02-29', 18)).toBe('2010-02-28');
    expect(yearsBefore('2028-02-29', 4)).toBe('2024-02-29');
    expect(yearsBefore('2026-11-30', 18)).toBe('2008-11-30');
  });

  it("today is the zone's date at every instant, whatever the machine's day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(ny, 'UTC', 'Pacific/Honolulu', 'Asia/Tokyo', 'America/Los_Angeles'),
        (now, zone) => {
          const c = calendarAt(now, zone);
          const parts = new Intl.DateTimeFormat('en-CA', {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
          }).format(new Date(now));
          expect(c.today).toBe(parts);
          expect(c.monthStart(-1) < `${c.month}-01`).toBe(true);
          expect(c.monthStart(-1).endsWith('-01')).toBe(true);
        },
      ),
    );
  });
});

describe('the instants the date-sensitive tests run again at (issue 31)', () => {
  it('are the next 15th at 00:30 UTC, last-of-month 23:30 and change-day 01:45 in New York', () => {
    const edges = calendarEdges(Date.parse('2026-11-27T00:48:00Z'), ny);
    expect(edges.map((e) => new Date(e.at).toISOString())).toEqual([
      '2026-12-15T00:30:00.000Z',
      '2026-12-01T04:30:00.000Z',
      '2027-03-14T06:45:00.000Z',
    ]);
    expect(edges.map((e) => localDate(e.at, ny))).toEqual([
      '2026-12-14',
      '2026-11-30',
      '2027-03-14',
    ]);
  });

  it('are always after now, whatever the day', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }), (now) => {
        for (const edge of calendarEdges(now, ny)) {
          expect(edge.at).toBeGreaterThan(now);
          expect(edge.at - now).toBeLessThan(370 * 86_400_000);
        }
      }),
      { numRuns: 60 },
    );
  });
});

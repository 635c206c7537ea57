import { describe, expect, it } from 'vitest';
import {
  attributionSourceOf,
  conversionRate,
  daysInRange,
  ipPrefix,
  maxRangeDays,
  median,
  minutesOf,
  percentile,
  rangeInstants,
  resolveRange,
  todayIn,
} from './analytics.rules';

describe('the analytics range (calendar days in the caller’s zone)', () => {
  const today = '2026-11-25';

  it('defaults to the last 30 days up to today, and fills a missing end', () => {
    expect(resolveRange({}, today)).toEqual({ ok: true, from: '2026-10-27', to: today });
    expect(daysInRange('2026-10-27', today)).toBe(30);
    expect(resolveRange({ to: '2026-03-01' }, today)).toEqual({
      ok: true,
      from: '2026-01-31',
      to: '2026-03-01',
    });
    expect(resolveRange({ from: '2026-11-01' }, today)).toEqual({
      ok: true,
      from: '2026-11-01',
      to: today,
    });
    expect(resolveRange({ from: today, to: today }, today)).toEqual({
      ok: true,
      from: today,
      to: today,
    });
  });

  it('refuses a date that is not real, an end before the start, and more than 366 days', () => {
    expect(resolveRange({ from: '2026-02-30' }, today)).toEqual({
      ok: false,
      field: 'from',
      messageKey: 'analytics.range.from',
    });
    expect(resolveRange({ to: '26-11-01' }, today)).toMatchObject({ ok: false, field: 'to' });
    expect(resolveRange({ from: '1969-12-31', to: '1970-01-02' }, today)).toMatchObject({
      ok: false,
      field: 'from',
    });
    expect(resolveRange({ from: '2026-11-20', to: '2026-11-19' }, today)).toEqual({
      ok: false,
      field: 'from',
      messageKey: 'analytics.range.order',
    });
    expect(resolveRange({ from: '2025-01-01', to: '2026-01-02' }, today)).toEqual({
      ok: false,
      field: 'to',
      messageKey: 'analytics.range.span',
    });
    // 2024 is a leap year: 2024-01-01..2024-12-31 is exactly the most a range may span.
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(maxRangeDays);
    expect(resolveRange({ from: '2024-01-01', to: '2024-12-31' }, today)).toMatchObject({
      ok: true,
    });
  });

  it('covers whole local days: midnight to midnight in the zone, also across a DST change', () => {
    expect(rangeInstants({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York')).toEqual({
      // 1 November 2026 is the day New York falls back: 25 hours long.
      from: new Date('2026-11-01T04:00:00.000Z'),
      to: new Date('2026-11-02T05:00:00.000Z'),
    });
    expect(rangeInstants({ from: '2026-07-01', to: '2026-07-31' }, 'UTC')).toEqual({
      from: new Date('2026-07-01T00:00:00.000Z'),
      to: new Date('2026-08-01T00:00:00.000Z'),
    });
  });

  it("knows today's date where the caller is", () => {
    const instant = new Date('2026-11-26T03:30:00.000Z');
    expect(todayIn(instant, 'UTC')).toBe('2026-11-26');
    expect(todayIn(instant, 'America/Los_Angeles')).toBe('2026-11-25');
  });
});

describe('medians, percentiles, rates', () => {
  it('takes the median as the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([41, 12.5])).toBe(26.75);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('takes the nearest-rank percentile (as SQL percentile_disc)', () => {
    const oneToTen = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    expect(percentile(oneToTen, 0.9)).toBe(9);
    expect(percentile(oneToTen, 0.5)).toBe(5);
    expect(percentile(oneToTen, 1)).toBe(10);
    expect(percentile([12.5, 41], 0.9)).toBe(41);
    expect(percentile([5], 0.9)).toBe(5);
    expect(percentile([], 0.9)).toBeNull();
  });

  it('shows minutes with one decimal, a value exactly between two tenths rounded up', () => {
    expect(minutesOf(26.75 * 60_000)).toBe(26.8);
    // 12.35 minutes is 741,000 ms: 12.35 in binary is 12.3499…, so dividing into minutes first
    // would round it down; SQL's round(numeric, 1) gives 12.4.
    expect(minutesOf(741_000)).toBe(12.4);
    expect(minutesOf(60_000)).toBe(1);
    expect(minutesOf(0)).toBe(0);
    expect(minutesOf(62_999)).toBe(1);
  });

  it('answers the paid share of started visits in percent, none when nothing started', () => {
    expect(conversionRate(0, 0)).toBeNull();
    expect(conversionRate(8, 6)).toBe(75);
    expect(conversionRate(9, 7)).toBe(77.8);
    expect(conversionRate(3, 1)).toBe(33.3);
    expect(conversionRate(3, 2)).toBe(66.7);
    // 1/8 = 12.5 exactly, 1/16 = 6.25: halves go up.
    expect(conversionRate(16, 1)).toBe(6.3);
    expect(conversionRate(2, 2)).toBe(100);
  });
});

describe('where a visit came from', () => {
  it('puts an in-store assessment first, then a link, then the pharmacy chosen directly', () => {
    expect(attributionSourceOf({ linkId: 'abc', assessmentId: 'a-1' })).toBe('inStore');
    expect(attributionSourceOf({ linkId: 'abc', assessmentId: null })).toBe('link');
    expect(attributionSourceOf({ linkId: null })).toBe('direct');
  });
});

describe('the address a login is shown with', () => {
  it('keeps an IPv4 address’s /24 and an IPv6 address’s /48, never the whole address', () => {
    expect(ipPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(ipPrefix('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(ipPrefix('127.0.0.1')).toBe('127.0.0.0/24');
    expect(ipPrefix('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(ipPrefix('2001:0db8:0000::1')).toBe('2001:db8:0::/48');
    expect(ipPrefix('::1')).toBe('0:0:0::/48');
  });

  it('answers nothing for what is not an address', () => {
    expect(ipPrefix('')).toBeNull();
    expect(ipPrefix(null)).toBeNull();
    expect(ipPrefix('256.1.1.1')).toBeNull();
    expect(ipPrefix('example.test')).toBeNull();
    expect(ipPrefix('1::2::3')).toBeNull();
    expect(ipPrefix('1:2:3:4:5:6:7:8:9')).toBeNull();
  });
});

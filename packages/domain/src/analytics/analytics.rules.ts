/**
 * The pharmacy analytics' pure computations: the date range (calendar days in the
 * caller's time zone), medians and percentiles, conversion rates, where a visit came from, and
 * the truncated address a login is shown with. Server and web share them; the integration test
 * checks the server's figures against plain SQL, these tests check the arithmetic.
 */

import { isRealDate } from '../dates/dates.rules';
import { addDays, localDate, zonedToUtc } from '../dates/zones.rules';
import type { MessageKey } from '../i18n/catalog';
import type { AttributionSource } from './analytics.api';

/** Days the range covers when none is asked for (today and the 29 before). */
export const defaultRangeDays = 30;
/** The longest range one call may ask for. */
export const maxRangeDays = 366;

export type RangeResult =
  | { ok: true; from: string; to: string }
  | { ok: false; field: 'from' | 'to'; messageKey: MessageKey };

const isDay = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return (
    match !== null &&
    Number(match[1]) >= 1970 &&
    isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))
  );
};

/** Days from `from` to `to`, both included ('2026-11-01'..'2026-11-30' is 30). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/**
 * The range asked for, with its defaults: no `to` is today; no `from` is 29 days before `to`.
 * Refused: a day that is not a real calendar date, `from` after `to`, more than 366 days.
 */
export function resolveRange(
  input: { from?: string | undefined; to?: string | undefined },
  today: string,
): RangeResult {
  if (input.from !== undefined && !isDay(input.from)) {
    return { ok: false, field: 'from', messageKey: 'analytics.range.from' };
  }
  if (input.to !== undefined && !isDay(input.to)) {
    return { ok: false, field: 'to', messageKey: 'analytics.range.to' };
  }
  const to = input.to ?? today;
  const from = input.from ?? addDays(to, -(defaultRangeDays - 1));
  if (from > to) return { ok: false, field: 'from', messageKey: 'analytics.range.order' };
  if (daysInRange(from, to) > maxRangeDays) {
    return { ok: false, field: 'to', messageKey: 'analytics.range.span' };
  }
  return { ok: true, from, to };
}

/** Today's calendar date in a zone. */
export function todayIn(now: Date, timeZone: string): string {
  return localDate(now.getTime(), timeZone);
}

/**
 * The instants a range covers: from the first day's local midnight (included) to the local
 * midnight after the last day (excluded), so a day is whole however long (DST) it is.
 */
export function rangeInstants(
  range: { from: string; to: string },
  timeZone: string,
): { from: Date; to: Date } {
  return {
    from: new Date(zonedToUtc(range.from, '00:00', timeZone)),
    to: new Date(zonedToUtc(addDays(range.to, 1), '00:00', timeZone)),
  };
}

/**
 * Milliseconds as minutes with one decimal, halves up. Divided once (ms / 6000 is tenths of a
 * minute), so a value exactly between two tenths rounds up as SQL's round(numeric, 1) does,
 * where dividing into minutes first would leave 12.35 as 12.3499… in binary.
 */
export function minutesOf(ms: number): number {
  return Math.round(ms / 6000) / 10;
}

/** The median (the mean of the two middle values for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] as number) + upper) / 2;
}

/**
 * The nearest-rank percentile (p in 0..1): the smallest value with at least p of the values at
 * or below it (SQL's percentile_disc). p90 of 1..10 is 9; of one value, that value.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

/**
 * Paid out of started, in percent with one decimal (halves up, as SQL's
 * round(100.0 * paid / started, 1)); null when nothing started.
 */
export function conversionRate(started: number, paid: number): number | null {
  if (started <= 0) return null;
  return Math.round((paid * 1000) / started) / 10;
}

/** Where a visit came from: an in-store assessment first, then an Rx link, else chosen directly. */
export function attributionSourceOf(visit: {
  linkId: string | null;
  assessmentId?: string | null | undefined;
}): AttributionSource {
  if (visit.assessmentId) return 'inStore';
  if (visit.linkId) return 'link';
  return 'direct';
}

/**
 * The part of an address a login is shown (and stored) with: an IPv4 address's /24
 * ('203.0.113.0/24'), an IPv6 address's /48 ('2001:db8:85a3::/48'); an IPv4 address mapped
 * into IPv6 is shown as IPv4. Anything else: null. The whole address stays in the audit log only.
 */
export function ipPrefix(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const value = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
  if (v4) {
    const octets = v4.slice(1, 4).map(Number);
    if (octets.some((o) => o > 255) || Number(v4[4]) > 255) return null;
    return `${octets.join('.')}.0/24`;
  }
  if (!/^[0-9a-f:]+$/.test(value) || !value.includes(':')) return null;
  const [head = '', tail = ''] = value.split('::');
  if (value.split('::').length > 2) return null;
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === '' ? [] : tail.split(':');
  const missing = 8 - headParts.length - tailParts.length;
  if (missing < 0 || (!value.includes('::') && missing !== 0)) return null;
  const groups = [...headParts, ...Array<string>(missing).fill('0'), ...tailParts];
  if (groups.length !== 8 || groups.some((g) => g.length === 0 || g.length > 4)) return null;
  const kept = groups.slice(0, 3).map((g) => g.replace(/^0+(?=.)/, ''));
  return `${kept.join(':')}::/48`;
}

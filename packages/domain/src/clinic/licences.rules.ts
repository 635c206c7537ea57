/**
 * Provider licences: a provider sees and claims a state's visits only while their
 * licence there is in force. A licence is in force on a day when that day, in the state's own
 * time zone, is on or before its expiry date: it ends when the expiry day ends in that state, so
 * a licence that expired yesterday stops the provider the same day. Pure: `at` is a parameter.
 *
 * A state that spans zones uses the zone where most of its people live (its board's seat):
 * Florida is New York's time, Texas Chicago's, Indiana Indianapolis's. Anything else falls back
 * to America/New_York. A licence recorded before expiries were kept has no expiry date (null):
 * it stays in force until an administrator records one.
 */
import { addDays, localDate } from '../dates/zones.rules';
import type { UsStateCode } from '../places/places.rules';

export const licenceFallbackZone = 'America/New_York';

const eastern = 'America/New_York';
const central = 'America/Chicago';
const mountain = 'America/Denver';
const pacific = 'America/Los_Angeles';

/** Each state's principal time zone. */
export const stateTimeZones: Readonly<Record<UsStateCode, string>> = {
  AL: central,
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: central,
  CA: pacific,
  CO: mountain,
  CT: eastern,
  DE: eastern,
  DC: eastern,
  FL: eastern,
  GA: eastern,
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: central,
  IN: 'America/Indiana/Indianapolis',
  IA: central,
  KS: central,
  KY: 'America/Kentucky/Louisville',
  LA: central,
  ME: eastern,
  MD: eastern,
  MA: eastern,
  MI: 'America/Detroit',
  MN: central,
  MS: central,
  MO: central,
  MT: mountain,
  NE: central,
  NV: pacific,
  NH: eastern,
  NJ: eastern,
  NM: mountain,
  NY: eastern,
  NC: eastern,
  ND: central,
  OH: eastern,
  OK: central,
  OR: pacific,
  PA: eastern,
  RI: eastern,
  SC: eastern,
  SD: central,
  TN: central,
  TX: central,
  UT: mountain,
  VT: eastern,
  VA: eastern,
  WA: pacific,
  WV: eastern,
  WI: central,
  WY: mountain,
};

/** The state's time zone (America/New_York for a code not in the list). */
export function stateTimeZone(state: string): string {
  return (stateTimeZones as Readonly<Record<string, string>>)[state] ?? licenceFallbackZone;
}

/** Today's date ('YYYY-MM-DD') in the state at an instant. */
export function licenceDay(state: string, at: number): string {
  return localDate(at, stateTimeZone(state));
}

export interface LicenceDates {
  readonly state: string;
  /** 'YYYY-MM-DD'; null: recorded before expiry dates were kept (in force). */
  readonly expiresOn: string | null;
}

/** Whether the licence is in force at the instant (its state's day is on or before expiry). */
export function licenceInForce(licence: LicenceDates, at: number): boolean {
  return licence.expiresOn === null || licenceDay(licence.state, at) <= licence.expiresOn;
}

/** The states of the licences in force at the instant, sorted, once each. */
export function statesInForce(licences: readonly LicenceDates[], at: number): string[] {
  return [...new Set(licences.filter((l) => licenceInForce(l, at)).map((l) => l.state))].sort();
}

/** How many days before its expiry a provider is e-mailed about a licence. */
export const licenceReminderDays = 30;

/**
 * Whether the licence's expiry reminder is due at the instant: its state's day is within
 * `licenceReminderDays` of the expiry date and the licence has not expired yet.
 */
export function licenceReminderDue(licence: LicenceDates, at: number): boolean {
  if (licence.expiresOn === null) return false;
  const today = licenceDay(licence.state, at);
  return today <= licence.expiresOn && addDays(today, licenceReminderDays) >= licence.expiresOn;
}

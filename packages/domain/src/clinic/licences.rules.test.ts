import { describe, expect, it } from 'vitest';
import {
  licenceDay,
  licenceInForce,
  licenceReminderDue,
  statesInForce,
  stateTimeZone,
} from './licences.rules';

describe('provider licences', () => {
  it('knows each state zone and falls back to New York', () => {
    expect(stateTimeZone('FL')).toBe('America/New_York');
    expect(stateTimeZone('TX')).toBe('America/Chicago');
    expect(stateTimeZone('CA')).toBe('America/Los_Angeles');
    expect(stateTimeZone('PR')).toBe('America/New_York');
  });

  it("counts the day in the state's own zone", () => {
    // 03:30 UTC on the 15th is still the 14th in New York and in Los Angeles.
    const at = Date.UTC(2026, 4, 15, 3, 30);
    expect(licenceDay('FL', at)).toBe('2026-05-14');
    expect(licenceDay('CA', at)).toBe('2026-05-14');
    // 06:30 UTC: the 15th in New York, still the 14th in Los Angeles.
    const later = Date.UTC(2026, 4, 15, 6, 30);
    expect(licenceDay('FL', later)).toBe('2026-05-15');
    expect(licenceDay('CA', later)).toBe('2026-05-14');
  });

  it('is in force through its expiry day and stops the next day', () => {
    const at = Date.UTC(2026, 4, 15, 16, 0);
    expect(licenceInForce({ state: 'FL', expiresOn: '2026-05-15' }, at)).toBe(true);
    expect(licenceInForce({ state: 'FL', expiresOn: '2026-05-14' }, at)).toBe(false);
    expect(licenceInForce({ state: 'FL', expiresOn: null }, at)).toBe(true);
    // 04:30 UTC on the 16th: the 15th has ended in New York but not in Los Angeles.
    const night = Date.UTC(2026, 4, 16, 4, 30);
    expect(licenceInForce({ state: 'FL', expiresOn: '2026-05-15' }, night)).toBe(false);
    expect(licenceInForce({ state: 'CA', expiresOn: '2026-05-15' }, night)).toBe(true);
  });

  it('lists the states in force once each', () => {
    const at = Date.UTC(2026, 4, 15, 16, 0);
    expect(
      statesInForce(
        [
          { state: 'TX', expiresOn: '2030-01-01' },
          { state: 'FL', expiresOn: '2026-05-14' },
          { state: 'CA', expiresOn: null },
        ],
        at,
      ),
    ).toEqual(['CA', 'TX']);
  });

  it('is due a reminder from 30 days before expiry until the expiry day', () => {
    const at = Date.UTC(2026, 4, 15, 16, 0);
    expect(licenceReminderDue({ state: 'FL', expiresOn: '2026-06-14' }, at)).toBe(true);
    expect(licenceReminderDue({ state: 'FL', expiresOn: '2026-06-15' }, at)).toBe(false);
    expect(licenceReminderDue({ state: 'FL', expiresOn: '2026-05-15' }, at)).toBe(true);
    expect(licenceReminderDue({ state: 'FL', expiresOn: '2026-05-14' }, at)).toBe(false);
    expect(licenceReminderDue({ state: 'FL', expiresOn: null }, at)).toBe(false);
  });
});

import { translate } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, translator } from '../../../lib/i18n';
import {
  blockSpan,
  blockSummary,
  bookedText,
  dateBounds,
  formatDay,
  formatLongDay,
  formatSlotTime,
  formatWhen,
  isCalendarDate,
  isDateInBounds,
  offersByProvider,
  startState,
  stepDate,
  timeZoneOptions,
  weekdayList,
} from './appointment-format';

await loadLanguage('en');
await loadScreenTexts();
const en = translator('en', translate);
const es = translator('es', translate);

const block = {
  weekdays: ['WE', 'MO'] as ('MO' | 'WE')[],
  startDate: '2025-06-02',
  endDate: null as string | null,
  startTime: '09:00',
  endTime: '12:00',
  slotMinutes: 30,
  timeZone: 'America/New_York',
  states: ['FL'],
  minAge: 4,
  maxAge: 110,
};

describe('block summary', () => {
  it('says a weekly block in words, the weekdays in the week’s order', () => {
    expect(blockSummary(en, block, 'en')).toBe(
      'Mondays and Wednesdays, 9:00 AM–12:00 PM (America/New_York), 30-minute slots, FL, ages 4–110',
    );
  });

  it('names the date of a one-date block, and every state', () => {
    expect(
      blockSummary(
        en,
        {
          ...block,
          weekdays: null,
          startDate: '2025-06-03',
          states: ['FL', 'TX'],
          slotMinutes: 15,
        },
        'en',
      ),
    ).toBe('Jun 3, 2025, 9:00 AM–12:00 PM (America/New_York), 15-minute slots, FL, TX, ages 4–110');
  });

  it('lists three days or more with commas, and reads in Spanish', () => {
    expect(weekdayList(en, ['FR', 'MO', 'WE'], 'en')).toBe('Mondays, Wednesdays, and Fridays');
    expect(blockSummary(es, block, 'es')).toBe(
      'Los lunes y miércoles, de 9:00 a.m. a 12:00 p.m. (America/New_York), turnos de 30 minutos, FL, edades de 4 a 110',
    );
  });

  it('gives the dates of a weekly block, none for one date', () => {
    expect(blockSpan(en, block, 'en')).toBe('From Jun 2, 2025');
    expect(blockSpan(en, { ...block, endDate: '2025-08-31' }, 'en')).toBe(
      'From Jun 2, 2025 to Aug 31, 2025',
    );
    expect(blockSpan(en, { ...block, weekdays: null }, 'en')).toBeNull();
  });

  it('counts the booked appointments', () => {
    expect(bookedText(en, 0)).toBe('No appointments booked');
    expect(bookedText(en, 1)).toBe('1 appointment booked');
    expect(bookedText(en, 3)).toBe('3 appointments booked');
  });
});

describe('slot times', () => {
  const from = '2025-06-03T18:30:00.000Z';

  it('writes a slot as a clock time of the reader’s zone, with a plain space', () => {
    expect(formatSlotTime(from, 'en', 'America/New_York')).toBe('2:30 PM');
    expect(formatSlotTime(from, 'en', 'America/Los_Angeles')).toBe('11:30 AM');
    expect(formatSlotTime(from, 'es', 'America/New_York')).toMatch(/^2:30 p\.\s?m\.$/);
    expect(formatSlotTime(from, 'en', 'America/New_York')).not.toMatch(/[\u202f\u00a0]/);
  });

  it('writes an appointment with its day', () => {
    expect(formatWhen(from, 'en', 'America/New_York')).toBe('Tue, Jun 3, 2:30 PM');
    expect(formatWhen('not a date', 'en')).toBe('not a date');
  });

  it('writes a calendar day as written, whatever the zone', () => {
    expect(formatDay('2025-06-03', 'en')).toBe('Jun 3, 2025');
    expect(formatLongDay('2025-06-03', 'en')).toBe('Tuesday, June 3, 2025');
    expect(formatLongDay('2025-02-30', 'en')).toBe('2025-02-30');
  });
});

describe('the Start button by phase', () => {
  const start = '2025-06-03T18:30:00.000Z';
  const at = (minutes: number) => Date.parse(start) + minutes * 60_000;

  it('is disabled before the window, saying when it opens', () => {
    const state = startState(start, at(-16), 15);
    expect(state).toEqual({
      phase: 'tooEarly',
      enabled: false,
      message: { key: 'appointments.tooEarly', params: { minutes: 15 } },
    });
    expect(en(state.message.key, state.message.params)).toBe(
      'Your appointment can be started 15 minutes before the appointment time.',
    );
  });

  it('is enabled from the window’s opening to its close, both included', () => {
    for (const minutes of [-15, -1, 0, 14, 15]) {
      expect(startState(start, at(minutes), 15)).toMatchObject({ phase: 'open', enabled: true });
    }
  });

  it('is disabled after the window: expired, delete it', () => {
    const state = startState(start, at(16), 15);
    expect(state).toMatchObject({ phase: 'expired', enabled: false });
    expect(en(state.message.key)).toBe(
      'Your appointment has expired. Please delete the appointment.',
    );
  });

  it('follows the window the server gives', () => {
    expect(startState(start, at(-20), 30).enabled).toBe(true);
    expect(startState(start, at(-20), 10).phase).toBe('tooEarly');
  });
});

describe('the day a patient looks at', () => {
  // 2025-06-03 02:00 UTC is still June 2 in New York.
  const now = Date.parse('2025-06-03T02:00:00Z');
  const bounds = dateBounds(now, 'America/New_York');

  it('runs from today in the patient’s zone to 90 days ahead', () => {
    expect(bounds).toEqual({ min: '2025-06-02', max: '2025-08-31' });
    expect(dateBounds(now, 'UTC').min).toBe('2025-06-03');
  });

  it('steps a day at a time inside the bounds', () => {
    expect(stepDate('2025-06-02', 1, bounds)).toBe('2025-06-03');
    expect(stepDate('2025-06-02', -1, bounds)).toBeNull();
    expect(stepDate('2025-08-31', 1, bounds)).toBeNull();
    expect(stepDate('nonsense', 1, bounds)).toBeNull();
  });

  it('takes real days only', () => {
    expect(isCalendarDate('2025-06-31')).toBe(false);
    expect(isCalendarDate('2025-6-3')).toBe(false);
    expect(isDateInBounds('2025-06-15', bounds)).toBe(true);
    expect(isDateInBounds('2025-09-01', bounds)).toBe(false);
    expect(isDateInBounds('', bounds)).toBe(false);
  });
});

describe('time zones offered', () => {
  it('lists the US zones, the browser’s first when it is not one of them', () => {
    expect(timeZoneOptions('America/New_York')[0]).toBe('America/New_York');
    expect(timeZoneOptions('America/New_York')).toHaveLength(8);
    expect(timeZoneOptions('Europe/Madrid')[0]).toBe('Europe/Madrid');
    expect(timeZoneOptions('Europe/Madrid')).toHaveLength(9);
  });
});

describe('offers by provider', () => {
  const slot = (block: string, from: string, to: string) => ({
    availabiityBlockId: block,
    availabilityBlockId: block,
    from,
    to,
  });
  const offer = (userId: string, slots: ReturnType<typeof slot>[], minAge = 4, maxAge = 110) => ({
    userId,
    personId: userId,
    profilePhoto: null,
    name: `Dr. ${userId}`,
    ages: { minAge, maxAge },
    states: ['FL'],
    slots,
  });

  it('joins a provider’s blocks into one offer, slots in time order, one per start', () => {
    const merged = offersByProvider([
      offer('a', [slot('b1', '2025-06-03T15:00:00Z', '2025-06-03T15:30:00Z')], 18, 65),
      offer('b', [slot('b3', '2025-06-03T13:00:00Z', '2025-06-03T13:30:00Z')]),
      offer(
        'a',
        [
          slot('b2', '2025-06-03T14:00:00Z', '2025-06-03T14:30:00Z'),
          slot('b2', '2025-06-03T15:00:00.000Z', '2025-06-03T15:30:00Z'),
        ],
        4,
        30,
      ),
      offer('c', []),
    ]);
    expect(merged.map((o) => o.userId)).toEqual(['b', 'a']);
    const a = merged[1];
    expect(a?.slots.map((s) => [s.availabilityBlockId, s.from])).toEqual([
      ['b2', '2025-06-03T14:00:00Z'],
      ['b2', '2025-06-03T15:00:00.000Z'],
    ]);
    expect(a?.ages).toEqual({ minAge: 4, maxAge: 65 });
  });
});

import { availabilityBlockInputSchema } from '@apothecall/domain/appointments/appointments.api';
import { describe, expect, it } from 'vitest';
import {
  type AvailabilityDraft,
  checkAvailability,
  newAvailabilityDraft,
  timeOfDay,
} from './availability-form-check';

const today = '2025-06-02';
const draft = (patch: Partial<AvailabilityDraft> = {}): AvailabilityDraft => ({
  ...newAvailabilityDraft(today, 'America/New_York'),
  ...patch,
});

describe('the availability form', () => {
  it('starts weekly from today, 09:00–12:00, 30-minute slots, FL, ages 4–110', () => {
    expect(newAvailabilityDraft(today, 'America/Chicago')).toEqual({
      kind: 'weekly',
      weekdays: [],
      startDate: today,
      endDate: '',
      startTime: '09:00',
      endTime: '12:00',
      slotMinutes: '30',
      timeZone: 'America/Chicago',
      states: ['FL'],
      minAge: 4,
      maxAge: 110,
    });
  });

  it('makes a weekly request, the weekdays in the week’s order', () => {
    const check = checkAvailability(
      draft({ weekdays: ['WE', 'MO'], endDate: '2025-08-31' }),
      today,
    );
    expect(check).toEqual({
      ok: true,
      value: {
        weekdays: ['MO', 'WE'],
        startDate: today,
        endDate: '2025-08-31',
        startTime: '09:00',
        endTime: '12:00',
        slotMinutes: 30,
        timeZone: 'America/New_York',
        states: ['FL'],
        minAge: 4,
        maxAge: 110,
      },
    });
    if (check.ok) expect(availabilityBlockInputSchema.safeParse(check.value).success).toBe(true);
  });

  it('makes a one-date request without weekdays or end date', () => {
    const check = checkAvailability(
      draft({
        kind: 'single',
        weekdays: ['MO'],
        startDate: '2025-06-03',
        endDate: '2025-06-30',
        startTime: '14:05',
        endTime: '14:50:00',
        slotMinutes: '15',
        states: ['TX', 'FL', 'TX'],
        minAge: '18',
        maxAge: '65',
      }),
      today,
    );
    expect(check).toMatchObject({
      ok: true,
      value: {
        weekdays: null,
        startDate: '2025-06-03',
        endDate: null,
        startTime: '14:05',
        endTime: '14:50',
        slotMinutes: 15,
        states: ['TX', 'FL'],
        minAge: 18,
        maxAge: 65,
      },
    });
  });

  it('asks for a weekday on a weekly block', () => {
    expect(checkAvailability(draft(), today)).toEqual({
      ok: false,
      errors: { weekdays: { key: 'appointmentUi.form.weekdaysRequired' } },
    });
  });

  it('checks the dates', () => {
    const errors = (patch: Partial<AvailabilityDraft>) => {
      const check = checkAvailability(draft({ weekdays: ['MO'], ...patch }), today);
      return check.ok ? {} : check.errors;
    };
    expect(errors({ startDate: '' }).startDate?.key).toBe('appointmentUi.form.dateRequired');
    expect(errors({ startDate: '2025-06-01' }).startDate?.key).toBe(
      'appointmentUi.form.dateInPast',
    );
    expect(errors({ startDate: '2025-09-01' }).startDate).toEqual({
      key: 'appointmentUi.form.dateTooFar',
      params: { days: 90 },
    });
    expect(errors({ startDate: '2025-08-31' }).startDate).toBeUndefined();
    expect(errors({ endDate: '2025-06-01' }).endDate?.key).toBe(
      'appointmentUi.form.endBeforeStart',
    );
    expect(errors({ endDate: '2025-13-01' }).endDate?.key).toBe('appointmentUi.form.dateRequired');
    expect(errors({ endDate: today })).toEqual({});
  });

  it('checks the times and that one slot fits', () => {
    const errors = (patch: Partial<AvailabilityDraft>) => {
      const check = checkAvailability(draft({ kind: 'single', ...patch }), today);
      return check.ok ? {} : check.errors;
    };
    expect(errors({ startTime: '' }).startTime?.key).toBe('appointmentUi.form.timeRequired');
    expect(errors({ endTime: '24:00' }).endTime?.key).toBe('appointmentUi.form.timeRequired');
    expect(errors({ startTime: '12:00', endTime: '12:00' }).endTime?.key).toBe(
      'appointmentUi.form.endTimeBeforeStart',
    );
    expect(errors({ startTime: '11:00', endTime: '11:45', slotMinutes: '60' }).endTime).toEqual({
      key: 'appointmentUi.form.tooShort',
      params: { minutes: 60 },
    });
    expect(errors({ startTime: '11:00', endTime: '11:45', slotMinutes: '45' })).toEqual({});
    expect(errors({ slotMinutes: '25' }).slotMinutes?.key).toBe('common.required');
  });

  it('checks the zone, the states and the ages', () => {
    const errors = (patch: Partial<AvailabilityDraft>) => {
      const check = checkAvailability(draft({ kind: 'single', ...patch }), today);
      return check.ok ? {} : check.errors;
    };
    expect(errors({ timeZone: 'Mars/Olympus' }).timeZone?.key).toBe(
      'appointmentUi.form.timeZoneInvalid',
    );
    expect(errors({ states: [] }).states?.key).toBe('appointmentUi.form.statesRequired');
    expect(errors({ states: ['ZZ'] }).states?.key).toBe('appointmentUi.form.statesRequired');
    expect(errors({ minAge: '' }).minAge?.key).toBe('appointmentUi.form.ageInvalid');
    expect(errors({ maxAge: 111 }).maxAge?.key).toBe('appointmentUi.form.ageInvalid');
    expect(errors({ minAge: 4.5 }).minAge?.key).toBe('appointmentUi.form.ageInvalid');
    expect(errors({ minAge: 30, maxAge: 20 }).maxAge?.key).toBe('appointmentUi.form.ageOrder');
    expect(errors({ minAge: 0, maxAge: 0 })).toEqual({});
  });

  it('reads a time input’s value as HH:mm', () => {
    expect(timeOfDay('09:05')).toBe('09:05');
    expect(timeOfDay('09:05:30')).toBe('09:05');
    expect(timeOfDay('9:05')).toBeUndefined();
    expect(timeOfDay('')).toBeUndefined();
  });
});

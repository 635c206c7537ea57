import {
  type AvailabilityBlockInput,
  availabilityBlockInputSchema,
  bookingHorizonDays,
  slotMinuteChoices,
} from '@apothecall/domain/appointments/appointments.api';
import { type WeekdayCode, weekdayCodes } from '@apothecall/domain/appointments/availability.rules';
import { addDays, isTimeZone } from '@apothecall/domain/dates/zones.rules';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { isUsStateCode } from '@apothecall/domain/places/places.rules';
import { isCalendarDate } from './appointment-format';

/** The provider's availability form as it is being filled (the inputs' own values). */
export interface AvailabilityDraft {
  kind: 'weekly' | 'single';
  weekdays: WeekdayCode[];
  /** The first date of a weekly block, or the one date. */
  startDate: string;
  /** A weekly block's last date; '' for none. */
  endDate: string;
  startTime: string;
  endTime: string;
  /** The select's value: '15', '20', '30', '45' or '60'. */
  slotMinutes: string;
  timeZone: string;
  states: string[];
  minAge: string | number;
  maxAge: string | number;
}

export type AvailabilityField = Exclude<keyof AvailabilityDraft, 'kind'>;

/** A field's message: a catalogue key and its placeholders (the screen translates it). */
export interface FieldError {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type AvailabilityErrors = Partial<Record<AvailabilityField, FieldError>>;

export type AvailabilityCheck =
  | { readonly ok: true; readonly value: AvailabilityBlockInput }
  | { readonly ok: false; readonly errors: AvailabilityErrors };

export const defaultStates = ['FL'];

/** A new form: weekly, from today, 09:00–12:00, 30-minute slots, in the browser's zone, FL. */
export function newAvailabilityDraft(today: string, timeZone: string): AvailabilityDraft {
  return {
    kind: 'weekly',
    weekdays: [],
    startDate: today,
    endDate: '',
    startTime: '09:00',
    endTime: '12:00',
    slotMinutes: '30',
    timeZone,
    states: [...defaultStates],
    minAge: 4,
    maxAge: 110,
  };
}

/** 'HH:mm' (a time input may add ':ss'); undefined when it is not a time of day. */
export function timeOfDay(value: string): string | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/.exec(value.trim());
  return m ? `${m[1]}:${m[2]}` : undefined;
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** A whole age 0..110, or undefined. */
function age(value: string | number): number | undefined {
  const text = String(value).trim();
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 0 && n <= 110 ? n : undefined;
}

/**
 * Checks the form (`today` in the provider's browser): at least one weekday for a weekly block;
 * a start date from today up to the booking horizon; an end date (optional, weekly only) not
 * before it; start before end, with room for one slot; a known zone; at least one state; ages
 * 0..110, the minimum not above the maximum. The result is the request body.
 */
export function checkAvailability(draft: AvailabilityDraft, today: string): AvailabilityCheck {
  const errors: AvailabilityErrors = {};
  const weekly = draft.kind === 'weekly';
  const weekdays = weekdayCodes.filter((d) => draft.weekdays.includes(d));
  if (weekly && weekdays.length === 0) {
    errors.weekdays = { key: 'appointmentUi.form.weekdaysRequired' };
  }

  const startDate = draft.startDate.trim();
  if (!isCalendarDate(startDate)) errors.startDate = { key: 'appointmentUi.form.dateRequired' };
  else if (startDate < today) errors.startDate = { key: 'appointmentUi.form.dateInPast' };
  else if (startDate > addDays(today, bookingHorizonDays)) {
    errors.startDate = {
      key: 'appointmentUi.form.dateTooFar',
      params: { days: bookingHorizonDays },
    };
  }
  const endDate = weekly ? draft.endDate.trim() : '';
  if (endDate !== '') {
    if (!isCalendarDate(endDate)) errors.endDate = { key: 'appointmentUi.form.dateRequired' };
    else if (isCalendarDate(startDate) && endDate < startDate) {
      errors.endDate = { key: 'appointmentUi.form.endBeforeStart' };
    }
  }

  const startTime = timeOfDay(draft.startTime);
  const endTime = timeOfDay(draft.endTime);
  if (!startTime) errors.startTime = { key: 'appointmentUi.form.timeRequired' };
  if (!endTime) errors.endTime = { key: 'appointmentUi.form.timeRequired' };
  const slotMinutes = Number(draft.slotMinutes);
  const slotChoice = slotMinuteChoices.find((m) => m === slotMinutes);
  if (slotChoice === undefined) errors.slotMinutes = { key: 'common.required' };
  if (startTime && endTime) {
    if (endTime <= startTime) errors.endTime = { key: 'appointmentUi.form.endTimeBeforeStart' };
    else if (slotChoice !== undefined && minutesOf(endTime) - minutesOf(startTime) < slotChoice) {
      errors.endTime = { key: 'appointmentUi.form.tooShort', params: { minutes: slotChoice } };
    }
  }

  const timeZone = draft.timeZone.trim();
  if (!timeZone || !isTimeZone(timeZone)) {
    errors.timeZone = { key: 'appointmentUi.form.timeZoneInvalid' };
  }
  const states = [...new Set(draft.states)];
  if (states.length === 0 || !states.every(isUsStateCode)) {
    errors.states = { key: 'appointmentUi.form.statesRequired' };
  }

  const minAge = age(draft.minAge);
  const maxAge = age(draft.maxAge);
  if (minAge === undefined) errors.minAge = { key: 'appointmentUi.form.ageInvalid' };
  if (maxAge === undefined) errors.maxAge = { key: 'appointmentUi.form.ageInvalid' };
  else if (minAge !== undefined && minAge > maxAge) {
    errors.maxAge = { key: 'appointmentUi.form.ageOrder' };
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const value: AvailabilityBlockInput = {
    weekdays: weekly ? weekdays : null,
    startDate,
    endDate: endDate === '' ? null : endDate,
    startTime: startTime as string,
    endTime: endTime as string,
    slotMinutes: slotChoice as AvailabilityBlockInput['slotMinutes'],
    timeZone,
    states,
    minAge: minAge as number,
    maxAge: maxAge as number,
  };
  // The contract's own check (it should agree with the rules above).
  if (!availabilityBlockInputSchema.safeParse(value).success) {
    return { ok: false, errors: { startDate: { key: 'appointmentUi.form.fix' } } };
  }
  return { ok: true, value };
}

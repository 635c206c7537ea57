import { translate } from '@apothecall/domain/i18n/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../../lib/i18n';
import {
  alarmLabel,
  formatCalendarDate,
  formatDateTime,
  formatTime,
  genderLabel,
  isKnownAlarm,
  reasonLabel,
  stateLabel,
} from './clinic-format';

const en = translator('en', translate);
const es = translator('es', translate);
const plain = (text: string) => text.replace(/\s/g, ' ');

const savedTz = process.env.TZ;
beforeAll(() => {
  // West of UTC, so a calendar date read as an instant would show the day before.
  process.env.TZ = 'Pacific/Honolulu';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('clinic labels', () => {
  it('screening alarms: known ids in words, others as sent', () => {
    expect(isKnownAlarm('bmiOver40')).toBe(true);
    expect(isKnownAlarm('care.alarm.bmiOver40')).toBe(false);
    expect(alarmLabel(en, 'highBloodPressure')).toBe('High blood pressure');
    expect(alarmLabel(es, 'bmiOver40')).toBe('IMC de 40 o más');
    expect(alarmLabel(en, 'newAlarm')).toBe('newAlarm');
  });

  it('reasons: the id, or the id before a colon; unknown text as given', () => {
    expect(reasonLabel(en, 'soreThroat')).toBe('Sore throat');
    expect(reasonLabel(en, 'soreThroat:since Monday')).toBe('Sore throat');
    expect(reasonLabel(en, 'toothache:left side')).toBe('toothache:left side');
    expect(reasonLabel(en, '')).toBe('');
  });

  it('states with their code; unknown codes as given', () => {
    expect(stateLabel(en, 'FL')).toBe('Florida (FL)');
    expect(stateLabel(en, 'XX')).toBe('XX');
  });

  it('genders from a letter or a word in any case', () => {
    expect(genderLabel(en, 'M')).toBe('Male');
    expect(genderLabel(en, ' female ')).toBe('Female');
    expect(genderLabel(es, 'm')).toBe('Masculino');
    expect(genderLabel(en, 'x')).toBe('Other');
    expect(genderLabel(en, 'Nonbinary')).toBe('Nonbinary');
  });
});

describe('clinic dates and times', () => {
  const instant = '2026-03-02T20:45:00Z'; // 10:45 in Honolulu

  it('an instant as local date and time, in the reader language', () => {
    expect(plain(formatTime(instant, 'en'))).toBe('10:45 AM');
    expect(plain(formatDateTime(instant, 'en'))).toBe('Mar 2, 2026, 10:45 AM');
    expect(plain(formatDateTime(instant, 'es'))).toMatch(/^2 mar\.? 2026, 10:45 a\.? ?m\.?$/);
  });

  it('a calendar date keeps its day whatever the time zone', () => {
    expect(formatCalendarDate('2016-09-03', 'en')).toBe('Sep 3, 2016');
    expect(formatCalendarDate('2016-09-03T00:00:00Z', 'en')).toBe('Sep 3, 2016');
    expect(formatCalendarDate('2016-09-03', 'es')).toMatch(/^3 sept?\.? 2016$/);
  });

  it('unreadable text is shown as given', () => {
    expect(formatTime('later', 'en')).toBe('later');
    expect(formatDateTime('', 'en')).toBe('');
    expect(formatCalendarDate('unknown', 'en')).toBe('unknown');
    expect(formatCalendarDate('2016-00-03', 'en')).toBe('2016-00-03');
  });
});

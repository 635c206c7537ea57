import { isCareReasonId } from '@apothecall/domain/care/care-reasons';
import {
  displayLocale,
  formatClockTime,
  formatDateAndTime,
} from '@apothecall/domain/dates/time-format.rules';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { isUsStateCode, stateNameKey } from '@apothecall/domain/places/places.rules';
import { currentLanguage, type Translate } from '../../../lib/i18n';

/** Labels shared by the clinic screens: catalogue texts for codes, raw text when unknown. */

export const screeningAlarmIds = ['metabolic', 'highBloodPressure', 'bmiOver40'] as const;
export type KnownAlarm = (typeof screeningAlarmIds)[number];

export function isKnownAlarm(value: string): value is KnownAlarm {
  return (screeningAlarmIds as readonly string[]).includes(value);
}

export function alarmLabel(t: Translate, alarm: string): string {
  return isKnownAlarm(alarm) ? t(`care.alarm.${alarm}`) : alarm;
}

export function reasonLabel(t: Translate, reason: string): string {
  const [head] = reason.split(':');
  return isCareReasonId(reason)
    ? t(`care.reason.${reason}`)
    : head && isCareReasonId(head)
      ? t(`care.reason.${head}`)
      : reason;
}

export function stateLabel(t: Translate, code: string): string {
  return isUsStateCode(code) ? `${t(stateNameKey(code))} (${code})` : code;
}

export function genderLabel(t: Translate, gender: string): string {
  const g = gender.trim().toUpperCase();
  if (g === 'M' || g === 'MALE') return t('clinicUi.gender.M');
  if (g === 'F' || g === 'FEMALE') return t('clinicUi.gender.F');
  if (g === 'X' || g === 'OTHER') return t('clinicUi.gender.X');
  return gender;
}

/** An ISO instant as a local date and time; unreadable text is shown as given. */
export function formatDateTime(iso: string, lang: Lang = currentLanguage()): string {
  return formatDateAndTime(iso, lang);
}

/** An ISO instant as a local clock time; unreadable text is shown as given. */
export function formatTime(iso: string, lang: Lang = currentLanguage()): string {
  return formatClockTime(iso, lang);
}

/** A calendar date (YYYY-MM-DD) as the person reads dates, without time-zone shifts. */
export function formatCalendarDate(isoDate: string, lang: Lang = currentLanguage()): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(displayLocale(lang), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
}

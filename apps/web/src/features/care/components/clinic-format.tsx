import { isCareReasonId } from '@apothecall/domain/care/care-reasons';
import { isUsStateCode, stateNameKey } from '@apothecall/domain/places/places.rules';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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

function locale(): string {
  return currentLanguage() === 'es' ? 'es-US' : 'en-US';
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(locale(), { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleTimeString(locale(), { hour: 'numeric', minute: '2-digit' });
}

/** A calendar date (YYYY-MM-DD) as the person reads dates, without time-zone shifts. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(locale(), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
}

export function AlarmBadges({ alarms, t }: { alarms: readonly string[]; t: Translate }) {
  if (alarms.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="alarms">
      {alarms.map((alarm) => (
        <Badge key={alarm} color="red" variant="filled" radius="sm" tt="none" data-alarm={alarm}>
          {alarmLabel(t, alarm)}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * A read-only list of label/value pairs as a <dl>, so each value is announced with its label.
 * `highlight` marks a row that an alarm is about.
 */
export function Facts({
  rows,
}: {
  rows: readonly { label: string; value: ReactNode; highlight?: boolean; testId?: string }[];
}) {
  return (
    <Stack component="dl" gap={6} m={0}>
      {rows.map((row) => (
        <Group
          key={row.label}
          gap="xs"
          wrap="nowrap"
          align="flex-start"
          data-testid={row.testId}
          data-alarm={row.highlight ? 'true' : undefined}
          style={
            row.highlight
              ? {
                  background: 'var(--mantine-color-red-light)',
                  borderRadius: 4,
                  padding: '2px 6px',
                }
              : undefined
          }
        >
          <Text component="dt" size="sm" c="dimmed" miw={130} style={{ flexShrink: 0 }}>
            {row.label}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            fw={row.highlight ? 700 : 500}
            c={row.highlight ? 'red.8' : undefined}
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {row.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

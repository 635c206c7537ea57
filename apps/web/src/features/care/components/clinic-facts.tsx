import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Translate } from '../../../lib/i18n';
import { alarmLabel } from './clinic-format';

/** Read-only pieces shared by the clinic screens: alarm badges and label/value lists. */

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

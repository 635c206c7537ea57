import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isMessageKey, type Translate } from '../../../lib/i18n';

/** An alarm's words ('rx.alarm.metabolic'); an unknown id is shown as given. */
export function rxAlarmLabel(t: Translate, alarm: string): string {
  const key = `rx.alarm.${alarm}`;
  return isMessageKey(key) ? t(key) : alarm;
}

export function RxAlarmBadges({ alarms, t }: { alarms: readonly string[]; t: Translate }) {
  if (alarms.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="rx-alarms">
      {alarms.map((alarm) => (
        <Badge key={alarm} color="red" variant="filled" radius="sm" tt="none">
          {rxAlarmLabel(t, alarm)}
        </Badge>
      ))}
    </Group>
  );
}

/** A read-only list of label/value pairs as a <dl>, so each value is read with its label. */
export function RxFacts({
  rows,
}: {
  rows: readonly { key: string; label: string; value: ReactNode }[];
}) {
  return (
    <Stack component="dl" gap={6} m={0}>
      {rows.map((row) => (
        <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
          <Text
            component="dt"
            size="sm"
            c="dimmed"
            w={{ base: 120, sm: 260 }}
            style={{ flexShrink: 0 }}
          >
            {row.label}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            fw={500}
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {row.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

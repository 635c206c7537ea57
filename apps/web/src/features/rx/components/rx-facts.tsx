import { Badge, Group } from '@mantine/core';
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

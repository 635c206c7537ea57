import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A read-only list of label/value pairs as a <dl>, so each value is read with its label (the
 * prescriber's review, the pharmacy's visit, pharmacists and links). `labelWidth` at the small
 * breakpoint and up; phones get a narrower label column.
 */
export function Facts({
  rows,
  labelWidth = 260,
}: {
  rows: readonly { key: string; label: string; value: ReactNode }[];
  labelWidth?: number;
}) {
  return (
    <Stack component="dl" gap={6} m={0}>
      {rows.map((row) => (
        <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
          <Text
            component="dt"
            size="sm"
            c="dimmed"
            w={{ base: Math.min(120, labelWidth), sm: labelWidth }}
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

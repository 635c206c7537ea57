import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Read-only label/value pairs as a <dl>, so each value is read with its label. */
export function PharmacyFacts({
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
            w={{ base: 110, sm: 180 }}
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

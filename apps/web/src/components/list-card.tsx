import { Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One entry of a list as a bordered card (an <li>, so the list's length is read out), named by
 * its title when `labelledBy` gives the title's id. `data-*` props (the test id, the entry's
 * id or state for tests) go on the card; the content is stacked.
 */
export function ListCard({
  labelledBy,
  children,
  ...data
}: {
  labelledBy?: string;
  children: ReactNode;
} & { [attribute: `data-${string}`]: string | undefined }) {
  return (
    <Card component="li" withBorder radius="md" p="md" aria-labelledby={labelledBy} {...data}>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

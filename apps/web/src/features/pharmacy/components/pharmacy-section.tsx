import { Card, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled part of the visit's detail (an h3 under the visit's h2), named by its heading. */
export function PharmacySection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={id}
      data-testid={testId}
    >
      <Stack gap="xs">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

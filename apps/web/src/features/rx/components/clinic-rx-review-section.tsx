import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the prescriber's review: a card labelled by its heading. */
export function ClinicRxReviewSection({
  id,
  title,
  children,
  testId,
}: {
  id: string;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
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
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

import { Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * A titled card that is a section of its screen (named by its heading): the frame of every
 * Home card. `description` is the muted line under the title; the rest is the card's own.
 */
export function SectionCard({
  title,
  description,
  children,
  gap = 'sm',
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  gap?: 'xs' | 'sm';
  testId?: string;
}) {
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Stack gap={gap}>
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}

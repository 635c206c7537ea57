import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';

/** What a flow calls its parts: 'Step 2 of 7', Back, and the default Continue. */
export interface StepFrameTexts {
  count: string;
  back: string;
  continue: string;
}

/**
 * One step of a wizard (Get Care, an Rx visit): 'Step 2 of 7', the step's heading (focused when
 * the step opens, so a screen reader announces it), the step's fields in a form, Back and
 * Continue. Each flow gives its own texts and test id.
 */
export function StepFrame({
  index,
  total,
  title,
  children,
  onBack,
  onContinue,
  continueLabel,
  continueDisabled = false,
  continueLoading = false,
  footer,
  asForm = true,
  texts,
  testId,
}: {
  index: number;
  total: number;
  title: string;
  children: ReactNode;
  onBack?: (() => void) | undefined;
  /** Called on submit; omit to hide the Continue button (a step that stopped the flow). */
  onContinue?: (() => void) | undefined;
  continueLabel?: string | undefined;
  continueDisabled?: boolean;
  continueLoading?: boolean;
  /** Shown under the buttons (e.g. a link to leave the flow). */
  footer?: ReactNode;
  /** False when the step holds a form of its own (forms cannot nest): Continue is a button. */
  asForm?: boolean;
  texts: StepFrameTexts;
  testId: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    globalThis.scrollTo?.({ top: 0 });
  }, [index]);

  const go = () => {
    if (!continueDisabled && !continueLoading) onContinue?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go();
  };

  const content = (
    <Stack gap="md">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {texts.count}
        </Text>
        <Progress value={((index + 1) / total) * 100} size="sm" aria-label={texts.count} />
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
      </Stack>
      {children}
      <Group justify="space-between" gap="xs" wrap="wrap-reverse">
        {onBack ? (
          <Button variant="default" onClick={onBack} disabled={continueLoading}>
            {texts.back}
          </Button>
        ) : (
          <span />
        )}
        {onContinue ? (
          <Button
            type={asForm ? 'submit' : 'button'}
            onClick={asForm ? undefined : go}
            disabled={continueDisabled}
            loading={continueLoading}
            miw={{ base: '100%', xs: 160 }}
          >
            {continueLabel ?? texts.continue}
          </Button>
        ) : null}
      </Group>
      {footer}
    </Stack>
  );
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-testid={testId}>
      {asForm ? (
        <form noValidate onSubmit={submit}>
          {content}
        </form>
      ) : (
        content
      )}
    </Card>
  );
}

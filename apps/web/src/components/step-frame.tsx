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
      <StepButtons
        onBack={onBack}
        onContinue={onContinue ? go : undefined}
        asForm={asForm}
        continueLabel={continueLabel ?? texts.continue}
        continueDisabled={continueDisabled}
        continueLoading={continueLoading}
        backLabel={texts.back}
      />
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

/** Back (or a spacer) and Continue (a submit in a form, else a button that goes on). */
function StepButtons({
  onBack,
  onContinue,
  asForm,
  continueLabel,
  continueDisabled,
  continueLoading,
  backLabel,
}: {
  onBack: (() => void) | undefined;
  onContinue: (() => void) | undefined;
  asForm: boolean;
  continueLabel: string;
  continueDisabled: boolean;
  continueLoading: boolean;
  backLabel: string;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap-reverse">
      {onBack ? (
        <Button variant="default" onClick={onBack} disabled={continueLoading}>
          {backLabel}
        </Button>
      ) : (
        <span />
      )}
      {onContinue ? (
        <Button
          type={asForm ? 'submit' : 'button'}
          onClick={asForm ? undefined : onContinue}
          disabled={continueDisabled}
          loading={continueLoading}
          miw={{ base: '100%', xs: 160 }}
        >
          {continueLabel}
        </Button>
      ) : null}
    </Group>
  );
}

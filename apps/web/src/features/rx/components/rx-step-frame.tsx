import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n';

/**
 * One step of the Rx flow: 'Step 2 of 6', the step's heading (focused when the step opens, so
 * a screen reader announces it), its fields in a form, Back and Next.
 */
export function RxStepFrame({
  index,
  total,
  title,
  children,
  onBack,
  onContinue,
  continueLabel,
  continueDisabled = false,
  continueLoading = false,
  asForm = true,
  testId,
}: {
  index: number;
  total: number;
  title: string;
  children: ReactNode;
  onBack?: (() => void) | undefined;
  onContinue?: (() => void) | undefined;
  continueLabel?: string | undefined;
  continueDisabled?: boolean;
  continueLoading?: boolean;
  /** False when the step holds a form of its own (forms cannot nest): Next is a button. */
  asForm?: boolean;
  testId: string;
}) {
  const t = useT();
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
  const count = t('rxScreens.step.count', { step: index + 1, total });
  const content = (
    <Stack gap="md">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {count}
        </Text>
        <Progress value={((index + 1) / total) * 100} size="sm" aria-label={count} />
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
      </Stack>
      {children}
      <Group justify="space-between" gap="xs" wrap="wrap-reverse">
        {onBack ? (
          <Button variant="default" onClick={onBack} disabled={continueLoading}>
            {t('rxUi.flow.back')}
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
            {continueLabel ?? t('rxUi.flow.next')}
          </Button>
        ) : null}
      </Group>
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

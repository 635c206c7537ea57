import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { dangerButton } from '../../../components/danger-button';
import { useT } from '../../../lib/i18n';
import { checkStatusNote, type StatusAction } from './pharmacy-status-form';

/** The chosen status's form (a destructive one's save in red, not filled): its meaning, the note box with its prompt, save or cancel. */
export function StatusChangeForm({
  action,
  pending,
  problem,
  onSave,
  onCancel,
}: {
  action: StatusAction;
  pending: boolean;
  problem: string | null;
  onSave: (note: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const label = t(action.label);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Card
      withBorder
      radius="md"
      p="sm"
      component="form"
      noValidate
      data-testid="pharmacy-status-form"
      data-status={action.status}
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkStatusNote(action.status, note);
        if (!checked.ok) {
          setNoteError(t(checked.messageKey));
          return;
        }
        onSave(checked.note);
      }}
    >
      <Stack gap="sm">
        <Title order={4} size="h5" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('pharmacyScreens.status.formTitle', { status: label })}
        </Title>
        <Text size="sm">{t(action.hint)}</Text>
        {action.note === 'none' ? null : (
          <Textarea
            label={action.prompt ? t(action.prompt) : t('pharmacyScreens.status.note')}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setNoteError(null);
            }}
            error={noteError}
            withAsterisk={action.note === 'required'}
            required={action.note === 'required'}
            autosize
            minRows={3}
            maxLength={2000}
            data-testid="pharmacy-status-note"
          />
        )}
        {problem ? (
          <Alert color="red" role="alert" data-testid="pharmacy-status-error">
            {problem}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button
            type="submit"
            loading={pending}
            data-testid="pharmacy-status-save"
            {...(action.destructive ? dangerButton : {})}
          >
            {t('pharmacyScreens.status.save', { status: label })}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('pharmacyScreens.status.cancel')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * A status button with its meaning (the assign hint) as its description. A completing status is
 * filled, the others outlined; a destructive one (voided) red and light, never filled: choosing
 * it opens its form, which asks the reason before anything changes.
 */
export function StatusButton({
  action,
  pressed,
  disabled,
  onChoose,
}: {
  action: StatusAction;
  pressed: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const t = useT();
  const hintId = useId();
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <Button
        {...(action.destructive
          ? dangerButton
          : { variant: action.outline ? 'outline' : 'filled' })}
        size="compact-md"
        miw={120}
        aria-pressed={pressed}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={onChoose}
        data-testid={`pharmacy-status-${action.status}`}
        style={{ flexShrink: 0 }}
      >
        {t(action.label)}
      </Button>
      <Text size="sm" c="dimmed" id={hintId}>
        {t(action.hint)}
      </Text>
    </Group>
  );
}

import { Group, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { type FieldError, fieldText } from './form-check';
import {
  checkDelivery,
  checkTokenUse,
  type DeliveryDraft,
  maxIntervalDays,
  maxNoteLength,
  type TokenUseDraft,
} from './token-form';

type TokenUseErrors = { intervalDays?: FieldError | undefined; note?: FieldError | undefined };

/**
 * A token-use draft (new, edit, bulk) and its field errors: `fields` go to TokenUseFields (a
 * change clears the errors); `check()` checks the draft and shows what is wrong.
 */
export function useTokenUseDraft(initial: TokenUseDraft | (() => TokenUseDraft)) {
  const form = useDraft<TokenUseDraft, FieldError>(initial);
  return {
    setDraft: form.setDraft,
    fields: {
      draft: form.draft,
      errors: form.errors,
      onChange: (next: TokenUseDraft) => {
        // The fields hand back the whole draft, and a change of use hides the days: every
        // refusal goes with any change.
        form.setDraft(next);
        form.refuse({});
      },
    },
    check: () => {
      const checked = checkTokenUse(form.draft);
      form.refuse(checked.ok ? {} : checked.errors);
      return checked;
    },
  };
}

/**
 * A delivery draft (new token, send) and its field error: `fields` go to DeliveryFields (a
 * change clears the error); `check()` checks the draft and shows what is wrong.
 */
export function useDeliveryDraft(initial: DeliveryDraft) {
  const form = useDraft<DeliveryDraft, FieldError>(initial);
  return {
    setDraft: form.setDraft,
    fields: {
      draft: form.draft,
      error: form.errors.to,
      onChange: (next: DeliveryDraft) => {
        form.setDraft(next);
        form.refuse({});
      },
    },
    check: () => {
      const checked = checkDelivery(form.draft);
      form.refuse(checked.ok ? {} : { to: checked.error });
      return checked;
    },
  };
}

/** How a token may be used: single or multiple use (with its days), and a note. */
export function TokenUseFields({
  draft,
  onChange,
  errors,
  withNote = true,
  testId,
}: {
  draft: TokenUseDraft;
  onChange: (draft: TokenUseDraft) => void;
  errors: TokenUseErrors;
  withNote?: boolean;
  testId: string;
}) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('prepayUi.tokens.use')}
        value={draft.use}
        onChange={(value) =>
          onChange({ ...draft, use: value === 'multiple' ? 'multiple' : 'single' })
        }
        data-testid={`${testId}-use`}
      >
        <Group gap="lg" mt={6}>
          <Radio value="single" label={t('prepayUi.tokens.single')} />
          <Radio value="multiple" label={t('prepayUi.tokens.multiple')} />
        </Group>
      </Radio.Group>
      {draft.use === 'multiple' ? (
        <NumberInput
          label={t('prepayUi.tokens.interval')}
          description={t('prepayUi.tokens.intervalHint')}
          value={draft.intervalDays}
          onChange={(value) => onChange({ ...draft, intervalDays: value })}
          min={0}
          max={maxIntervalDays}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={fieldText(t, errors.intervalDays)}
          maw={280}
          data-testid={`${testId}-interval`}
        />
      ) : null}
      {withNote ? (
        <TextInput
          label={t('prepayUi.tokens.note')}
          value={draft.note}
          onChange={(event) => onChange({ ...draft, note: event.currentTarget.value })}
          maxLength={maxNoteLength}
          error={fieldText(t, errors.note)}
          data-testid={`${testId}-note`}
        />
      ) : null}
    </Stack>
  );
}

/** Where a token is sent: (not now,) by e-mail or by SMS, and the address or number. */
export function DeliveryFields({
  draft,
  onChange,
  error,
  serverError,
  allowNone,
  testId,
}: {
  draft: DeliveryDraft;
  onChange: (draft: DeliveryDraft) => void;
  error: FieldError | undefined;
  /** The server's refusal of the address or number, already translated. */
  serverError?: string | undefined;
  /** Offer 'Not now' (a new token); sending an existing one needs a channel. */
  allowNone: boolean;
  testId: string;
}) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Radio.Group
        label={allowNone ? t('prepayUi.tokens.sendTo') : t('prepayUi.tokens.channel')}
        value={draft.channel}
        onChange={(value) => {
          const channel = value === 'email' || value === 'sms' ? value : 'none';
          onChange({ channel, to: channel === draft.channel ? draft.to : '' });
        }}
        data-testid={`${testId}-channel`}
      >
        <Group gap="lg" mt={6}>
          {allowNone ? <Radio value="none" label={t('prepayUi.tokens.channel.none')} /> : null}
          <Radio value="email" label={t('prepayUi.tokens.channel.email')} />
          <Radio value="sms" label={t('prepayUi.tokens.channel.sms')} />
        </Group>
      </Radio.Group>
      {draft.channel === 'none' ? null : (
        <TextInput
          label={
            draft.channel === 'email' ? t('prepayUi.tokens.toEmail') : t('prepayUi.tokens.toPhone')
          }
          type={draft.channel === 'email' ? 'email' : 'tel'}
          autoComplete="off"
          value={draft.to}
          onChange={(event) => onChange({ ...draft, to: event.currentTarget.value })}
          maxLength={254}
          withAsterisk
          error={fieldText(t, error) ?? serverError}
          data-testid={`${testId}-to`}
        />
      )}
    </Stack>
  );
}

import { maxCancelReason } from '@apothecall/domain/subscriptions/subscriptions.api';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { dangerButton } from '../../../components/danger-button';
import { Dialog, DialogActions } from '../../../components/dialog';
import { Form } from '../../../components/form';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import type { useSubscriptionChanges } from '../hooks/use-subscription-changes';
import { checkReason, type FieldError } from './subscription-format';
import { formatDay } from './subscription-labels';

/**
 * A cancellation that needs its reason (the member's cancel, the administrator's cancel and
 * cancel-and-refund): what will happen, a required reason, what went wrong, a way out and the
 * red action. The body carries `testId`, the reason box `${testId}-reason`, the action
 * `${testId}-confirm`. Rendered only while open, so each opening starts empty.
 */
export function ReasonDialog({
  title,
  body,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  pending: boolean;
  /** The server's refusal, already translated; null when none. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  testId: string;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<FieldError | null>(null);
  const submit = () => {
    const problem = checkReason(reason);
    setInvalid(problem);
    if (!problem) onConfirm(reason.trim());
  };
  return (
    <Dialog opened onClose={pending ? () => undefined : onClose} title={title}>
      <Form onSubmit={submit}>
        <Stack data-testid={testId}>
          <Text size="sm">{body}</Text>
          <Textarea
            label={t('subscriptionUi.reason.label')}
            description={t('subscriptionUi.reason.hint')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setInvalid(null);
            }}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={maxCancelReason}
            withAsterisk
            required
            error={invalid ? t(invalid.key, invalid.params) : undefined}
            data-autofocus
            data-testid={`${testId}-reason`}
          />
          <DialogActions
            error={error}
            errorTestId={`${testId}-error`}
            pending={pending}
            cancelLabel={t('subscriptionUi.keep')}
            onCancel={onClose}
          >
            <Button
              type="submit"
              {...dangerButton}
              loading={pending}
              data-testid={`${testId}-confirm`}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        </Stack>
      </Form>
    </Dialog>
  );
}

/**
 * The member's cancel of a plan (`id` undefined) or an rx subscription: the reason dialog with
 * the end date the cancel keeps, sending the cancel and closing once it is done.
 */
export function CancelSubscriptionDialog({
  title,
  id,
  renewDate,
  cancel,
  onClose,
  testId,
}: {
  title: string;
  id?: string;
  renewDate: string | null;
  cancel: ReturnType<typeof useSubscriptionChanges>['cancel'];
  onClose: () => void;
  testId: string;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <ReasonDialog
      title={title}
      body={
        renewDate
          ? t('subscriptionUi.cancel.body', { date: formatDay(renewDate, lang) })
          : t('subscriptionUi.cancel.bodyNoDate')
      }
      confirmLabel={t('subscriptions.cancel')}
      pending={cancel.isPending}
      error={
        cancel.isError
          ? t('subscriptionUi.cancel.failed', { message: errorText(t, cancel.error) })
          : null
      }
      onConfirm={(reason) =>
        cancel.mutate({ ...(id ? { id } : {}), reason }, { onSuccess: onClose })
      }
      onClose={onClose}
      testId={testId}
    />
  );
}

import type { AccessTokenView } from '@apothecall/domain/prepay/prepay.api';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { DialogActions } from '../../../components/dialog';
import { Form } from '../../../components/form';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

/** What a token dialog shows of its call: running, and the server's refusal. */
interface DialogMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

/** The props of a dialog about one token of a program (send, edit). */
export interface TokenDialogProps {
  programId: string;
  token: AccessTokenView;
  onClose: () => void;
}

/**
 * The form of a token dialog (send, edit, bulk): its fields, the call's refusal, Cancel and
 * the action. Submitting clears the last refusal, then `onSubmit` checks and calls. The body
 * is `${testId}-dialog` and the action `${testId}-submit` for tests.
 */
export function TokenDialogForm({
  testId,
  mutation,
  errorTestId,
  errorInField,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  testId: string;
  mutation: DialogMutation;
  errorTestId?: string;
  /** The refusal is shown under the field it names, not again above the actions. */
  errorInField?: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Form
      onSubmit={() => {
        mutation.reset();
        onSubmit();
      }}
    >
      <Stack data-testid={`${testId}-dialog`}>
        {children}
        <DialogActions
          error={mutation.isError && !errorInField ? errorText(t, mutation.error) : null}
          errorTestId={errorTestId}
          pending={mutation.isPending}
          cancelLabel={t('prepayUi.cancel')}
          onCancel={onClose}
        >
          <Button type="submit" loading={mutation.isPending} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Stack>
    </Form>
  );
}

/**
 * What a change to one token (add, send, edit) does once the list shows it: a toast says what
 * was done (`message`), then `onDone`.
 */
export function tokenChangeDone(message: (token: AccessTokenView) => string, onDone: () => void) {
  return {
    onSuccess: (token: AccessTokenView) => {
      notifications.show({ color: 'green', message: message(token) });
      onDone();
    },
  };
}

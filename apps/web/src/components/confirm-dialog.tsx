import { Button, Stack, Text } from '@mantine/core';
import { dangerButton } from './danger-button';
import { Dialog, DialogActions } from './dialog';

/**
 * A yes/no question before something that cannot be undone (delete a link or an access token,
 * revoke, cancel a visit): the question, what went wrong, a way out and the red action (light,
 * not filled). With a `testId`, the dialog's body carries it and the action `${testId}-confirm`.
 */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
  cancelLabel,
  pending,
  error,
  onConfirm,
  onClose,
  testId,
}: {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <Stack data-testid={testId}>
        <Text>{body}</Text>
        <DialogActions error={error} pending={pending} cancelLabel={cancelLabel} onCancel={onClose}>
          <Button
            {...dangerButton}
            loading={pending}
            onClick={onConfirm}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

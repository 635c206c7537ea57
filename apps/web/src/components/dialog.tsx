import { Alert, Button, Group, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';

/**
 * A centred dialog with a bold title and a named close button ('Close'): the frame of the
 * confirmations and of the forms that open over a screen.
 */
export function Dialog({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {children}
    </Modal>
  );
}

/**
 * A dialog's foot: what went wrong (the server's words, read out as an alert), then a way out
 * (disabled while the action runs) and the action itself (`children`, the primary button).
 */
export function DialogActions({
  error,
  errorTestId,
  pending,
  cancelLabel,
  onCancel,
  children,
}: {
  error: string | null;
  errorTestId?: string;
  pending: boolean;
  cancelLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <Alert color="red" role="alert" data-testid={errorTestId}>
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        {children}
      </Group>
    </>
  );
}

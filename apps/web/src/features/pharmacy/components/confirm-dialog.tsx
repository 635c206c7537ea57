import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n';

/** A yes/no question before something that cannot be undone (delete a link, revoke). */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
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
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('pharmacyScreens.close') }}
    >
      <Stack data-testid={testId}>
        <Text>{body}</Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('pharmacyScreens.keep')}
          </Button>
          <Button
            color="red"
            loading={pending}
            onClick={onConfirm}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

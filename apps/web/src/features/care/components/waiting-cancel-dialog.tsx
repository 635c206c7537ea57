import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n';

/** 'Cancel visit' asks first: a waiting visit is cancelled and its payment refunded. */
export function WaitingCancelDialog({
  opened,
  patientName,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  patientName: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('careUi.cancel.title')}
      centered
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('careUi.close') }}
    >
      <Stack>
        <Text>{t('careUi.cancel.body', { name: patientName })}</Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('careUi.cancel.keep')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {t('careUi.cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n';

export interface DialogContent {
  title: string;
  lines: readonly string[];
  tone: 'success' | 'error';
}

/** The spec's titled dialogs (section 8): 'Payment Added', 'Coupon Code Error', ... */
export function ResultDialog({
  content,
  onClose,
}: {
  content: DialogContent | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal
      opened={content !== null}
      onClose={onClose}
      title={content?.title}
      centered
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('paymentScreens.common.close') }}
    >
      <Stack>
        {content?.lines.map((line, index) => (
          <Text
            // The lines are fixed for the dialog's life; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            key={index}
            c={content.tone === 'error' && index === 0 ? 'red' : undefined}
          >
            {line}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('paymentScreens.common.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

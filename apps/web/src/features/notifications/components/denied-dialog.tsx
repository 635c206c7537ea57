import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n';

/** Mantine names a modal's frame a dialog; this one is an alertdialog once mounted. */
function asAlertDialog(node: HTMLElement | null) {
  node?.setAttribute('role', 'alertdialog');
}

/**
 * 'Unable to Activate Notifications / Please allow notifications in Settings.' (spec section 4):
 * an alert dialog (it interrupts to say something went wrong) with one way out, Close.
 */
export function DeniedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content ref={asAlertDialog}>
        <Modal.Header>
          <Modal.Title fw={700}>{t('notificationUi.deniedTitle')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Stack data-testid="notifications-denied">
            <Text>{t('notificationUi.deniedBody')}</Text>
            <Group justify="flex-end">
              <Button onClick={onClose} data-autofocus>
                {t('notificationUi.close')}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

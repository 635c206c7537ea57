import { Button, Group, Stack, Text } from '@mantine/core';
import { useT } from '../lib/i18n';
import { useOpenedAfterMount } from '../lib/use-opened-after-mount';
import { Dialog } from './dialog';

/** 'You are leaving the site' (spec section 2), asked before an external link opens. */
export function LeaveSiteDialog({
  opened,
  onCancel,
  onLeave,
}: {
  opened: boolean;
  onCancel: () => void;
  onLeave: () => void;
}) {
  const t = useT();
  const shown = useOpenedAfterMount(opened);
  return (
    <Dialog opened={shown} onClose={onCancel} title={t('navigation.externalLink.title')}>
      <Stack>
        <Text>{t('navigation.externalLink.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('navigation.externalLink.cancel')}
          </Button>
          <Button onClick={onLeave}>{t('navigation.externalLink.continue')}</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

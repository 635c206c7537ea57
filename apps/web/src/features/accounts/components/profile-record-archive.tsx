import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useT } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/save-blob';
import { useDownloadRecordArchive } from '../../documents/api/download-record-archive';
import { failureMessage } from './profile-errors';

/**
 * "Download my record" (the right of access): one ZIP of the record of
 * everyone on the account, saved through an object URL (the token never in a URL).
 */
export function RecordArchive() {
  const t = useT();
  const mutation = useDownloadRecordArchive({
    onSuccess: ({ blob, fileName }) => {
      saveBlob(blob, fileName);
      notifications.show({ color: 'green', message: t('profileScreens.record.done') });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('profileScreens.record.failed', { message: failureMessage(t, error) }),
      });
    },
  });
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-testid="record-archive">
      <Stack>
        <Title order={2} size="h4">
          {t('profileScreens.record.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profileScreens.record.body')}
        </Text>
        <Button
          variant="light"
          w={{ base: '100%', xs: 'fit-content' }}
          loading={mutation.isPending}
          loaderProps={{ 'aria-label': t('profileScreens.record.preparing') }}
          onClick={() => mutation.mutate()}
        >
          {t('profileScreens.record.download')}
        </Button>
      </Stack>
    </Card>
  );
}

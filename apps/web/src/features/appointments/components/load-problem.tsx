import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

/** What a read that failed says: the server's words, and a way to try again. */
export function LoadProblem({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useT();
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('appointmentUi.loadFailed', { message: errorText(t, error) })}</Text>
        <Button size="xs" variant="default" onClick={retry}>
          {t('appointmentUi.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

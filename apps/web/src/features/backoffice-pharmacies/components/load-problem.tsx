import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

/** A read that failed: the server's words (a 404, a 403), and a way to try again. */
export function LoadProblem({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useT();
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t('backoffice.pharmacies.loadFailed', { message: errorText(t, error) })}
        </Text>
        <Button size="xs" variant="default" onClick={retry}>
          {t('backoffice.pharmacies.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

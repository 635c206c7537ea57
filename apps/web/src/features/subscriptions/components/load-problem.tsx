import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

/** What a read that failed says: the server's words, and a way to try again. */
export function LoadProblem({
  error,
  retry,
  testId,
}: {
  error: unknown;
  retry: () => void;
  testId?: string;
}) {
  const t = useT();
  return (
    <Alert color="red" role="alert" {...(testId ? { 'data-testid': testId } : {})}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('subscriptionUi.loadFailed', { message: errorText(t, error) })}</Text>
        <Button size="xs" variant="default" onClick={retry}>
          {t('subscriptionUi.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

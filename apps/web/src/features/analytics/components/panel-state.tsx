import { Alert, Group, Loader, Text } from '@mantine/core';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

/** A tab's figures loading, or what went wrong (in the reader's language). */
export function PanelState({ isPending, error }: { isPending: boolean; error: unknown }) {
  const t = useT();
  if (error) {
    return (
      <Alert color="red" role="alert" data-testid="analytics-error">
        {t('analyticsUi.loadFailed', { message: errorText(t, error) })}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Group gap="xs" role="status" aria-label={t('analyticsUi.loading')}>
        <Loader size="sm" />
        <Text size="sm">{t('analyticsUi.loading')}</Text>
      </Group>
    );
  }
  return null;
}

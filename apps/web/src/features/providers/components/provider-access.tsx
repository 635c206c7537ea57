import type { ProviderAdminView } from '@apothecall/domain/providers/providers.api';
import { Alert, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useDeactivateProvider, useReactivateProvider } from '../api/set-provider-access';

/** Deactivate (asked first) or reactivate the provider. */
export function Access({ provider }: { provider: ProviderAdminView }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const deactivate = useDeactivateProvider({
    onSuccess: ({ released }) => {
      setConfirming(false);
      notifications.show({
        color: 'green',
        message: t('providersUi.access.deactivated', { count: released }),
      });
    },
  });
  const reactivate = useReactivateProvider({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('providersUi.access.reactivated') });
    },
  });
  return (
    <SectionCard
      title={t('providersUi.access.title')}
      description={
        provider.active ? t('providersUi.access.activeLead') : t('providersUi.access.inactiveLead')
      }
      testId="provider-access"
    >
      {provider.active ? (
        <Button
          variant="outline"
          color="red"
          w="fit-content"
          onClick={() => {
            deactivate.reset();
            setConfirming(true);
          }}
          data-testid="provider-deactivate"
        >
          {t('providersUi.access.deactivate')}
        </Button>
      ) : (
        <Button
          w="fit-content"
          loading={reactivate.isPending}
          onClick={() => reactivate.mutate(provider.id)}
          data-testid="provider-reactivate"
        >
          {t('providersUi.access.reactivate')}
        </Button>
      )}
      {reactivate.isError ? (
        <Alert color="red" role="alert">
          {t('providersUi.access.failed', { message: errorText(t, reactivate.error) })}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('providersUi.access.deactivate')}
        body={t('providersUi.access.deactivateConfirm', { name: provider.name })}
        confirmLabel={t('providersUi.access.deactivate')}
        cancelLabel={t('providersUi.access.cancel')}
        pending={deactivate.isPending}
        error={deactivate.isError ? errorText(t, deactivate.error) : null}
        onConfirm={() => deactivate.mutate(provider.id)}
        onClose={() => setConfirming(false)}
        testId="provider-deactivate-dialog"
      />
    </SectionCard>
  );
}

import type { PharmacistView } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePharmacists } from '../api/get-pharmacists';
import { useRxLinks } from '../api/get-rx-links';
import { useRevokePharmacist } from '../api/revoke-pharmacist';
import { FeeAccountSection } from '../components/fee-account-section';
import { PharmacistCard } from '../components/pharmacist-card';
import { InviteForm } from '../components/pharmacist-invite';

/**
 * /pharmacists (our addition; the route guard admits the pharmacy's administrator
 * only): the pharmacists with their grants (states, links, claimed visits only), invited by
 * e-mail here and revoked after a confirmation.
 */
export function PharmacistsScreen() {
  const t = useT();
  const pharmacists = usePharmacists();
  const links = useRxLinks();
  const [revoking, setRevoking] = useState<PharmacistView | null>(null);
  const revoke = useRevokePharmacist({
    onSuccess: (pharmacist) => {
      setRevoking(null);
      notifications.show({
        color: 'green',
        message: t('pharmacyScreens.pharmacists.revokedDone', { name: pharmacist.name }),
      });
    },
  });
  const linkList = links.data ?? [];

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="pharmacists">
      <Title order={1} size="h2">
        {t('pharmacyScreens.pharmacists.title')}
      </Title>
      <FeeAccountSection />
      <InviteForm links={linkList} />
      <Stack gap="xs" component="section" aria-labelledby="pharmacists-list-title">
        <Title order={2} size="h4" id="pharmacists-list-title">
          {t('pharmacyScreens.pharmacists.listTitle')}
        </Title>
        {pharmacists.isPending ? (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        ) : pharmacists.isError ? (
          <Alert color="red" role="alert" data-testid="pharmacists-error">
            <Stack gap="xs">
              <Text size="sm">{errorText(t, pharmacists.error)}</Text>
              <Button
                size="xs"
                variant="light"
                w="fit-content"
                onClick={() => void pharmacists.refetch()}
              >
                {t('pharmacyScreens.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : pharmacists.data.length === 0 ? (
          <Text c="dimmed" data-testid="pharmacists-empty">
            {t('pharmacyScreens.pharmacists.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {pharmacists.data.map((pharmacist) => (
              <PharmacistCard
                key={pharmacist.id}
                pharmacist={pharmacist}
                links={linkList}
                onRevoke={() => {
                  revoke.reset();
                  setRevoking(pharmacist);
                }}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title={t('pharmacyScreens.pharmacists.revokeTitle')}
        body={t('pharmacyScreens.pharmacists.revokeBody', { name: revoking?.name ?? '' })}
        confirmLabel={t('pharmacyScreens.pharmacists.revokeConfirm')}
        cancelLabel={t('pharmacyScreens.keep')}
        pending={revoke.isPending}
        error={revoke.isError ? errorText(t, revoke.error) : null}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
        }}
        onClose={() => setRevoking(null)}
        testId="pharmacist-revoke-dialog"
      />
    </Stack>
  );
}

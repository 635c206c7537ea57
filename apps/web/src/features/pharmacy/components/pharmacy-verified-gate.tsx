import type { PharmacyMe } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePharmacyMe } from '../api/get-pharmacy-me';

/**
 * The pharmacy portal's Rx screens need a verified organisation (spec: 'Pharmacy Rx access needs
 * a verified NCPDP ID'). GET /pharmacy/me says whether it is: an unverified one sees the 'Verified
 * account only...' text instead of the screen; a verified one gets the screen with its
 * organisation (fee, balance, role).
 */
export function PharmacyVerifiedGate({ children }: { children: (me: PharmacyMe) => ReactNode }) {
  const t = useT();
  const me = usePharmacyMe();
  if (me.isPending) {
    return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  }
  if (me.isError) {
    const unverified = me.error instanceof ApiError && me.error.errorCode === 'PHARMACY_UNVERIFIED';
    return (
      <Alert color={unverified ? 'yellow' : 'red'} role="alert" data-testid="pharmacy-unverified">
        <Stack gap="xs">
          <Text size="sm">{unverified ? t('pharmacy.unverified') : errorText(t, me.error)}</Text>
          {unverified ? null : (
            <Button size="xs" variant="light" w="fit-content" onClick={() => void me.refetch()}>
              {t('pharmacyScreens.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (!me.data.organization.verified) {
    return (
      <Alert color="yellow" role="alert" data-testid="pharmacy-unverified">
        <Text size="sm">{t('pharmacy.unverified')}</Text>
      </Alert>
    );
  }
  return <>{children(me.data)}</>;
}

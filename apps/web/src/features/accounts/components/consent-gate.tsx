import { link } from '@apothecall/domain/navigation/links';
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useConsents } from '../api/get-consents';

/**
 * Care needs the current consent to treat and terms (spec section 5, Consent). Until both are
 * accepted at their current versions, a care screen sends the user to /consents and back.
 */
export function ConsentGate({ children }: { children: ReactNode }) {
  const t = useT();
  const location = useLocation();
  const status = useConsents({ staleTime: 0 });
  if (status.isPending) {
    return (
      <Center p="xl">
        <Loader role="status" aria-label={t('shell.loading')} />
      </Center>
    );
  }
  if (status.data && !status.data.upToDate) {
    // The way back keeps the screen's query (an Rx flow's chosen treatment).
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={link('/consents', { to: back })} replace />;
  }
  return <>{children}</>;
}

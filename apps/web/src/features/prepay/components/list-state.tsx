import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

/**
 * A list read from the server, in its states: a loader while it loads, the server's words when
 * it cannot be read, `empty` when there is nothing, else the list (`children`).
 */
export function ListState<T>({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T[] | undefined };
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  if (query.isError || !query.data) {
    return (
      <Alert color="red" role="alert">
        {t('prepayUi.loadFailed', { message: errorText(t, query.error) })}
      </Alert>
    );
  }
  if (query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

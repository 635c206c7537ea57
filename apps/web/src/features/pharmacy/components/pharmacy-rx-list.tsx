import type { PharmacyRxSearchResponse } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { VisitRow } from './pharmacy-visit-row';

/** The tab's page of visits: loading, the failure with Try again, nothing found, or the rows. */
export function PharmacyRxList({
  search,
  query,
  selected,
  setSelected,
  onOpen,
}: {
  search: UseQueryResult<PharmacyRxSearchResponse>;
  query: string;
  selected: Set<string>;
  setSelected: (ids: Set<string>) => void;
  onOpen: (visitId: string) => void;
}) {
  const t = useT();
  if (search.isPending) {
    return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  }
  if (search.isError) {
    return (
      <Alert color="red" role="alert" data-testid="pharmacy-rx-error">
        <Stack gap="xs">
          <Text size="sm">{errorText(t, search.error)}</Text>
          <Button size="xs" variant="light" w="fit-content" onClick={() => void search.refetch()}>
            {t('pharmacyScreens.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (search.data.visits.length === 0) {
    return (
      <Text c="dimmed" data-testid="pharmacy-rx-empty">
        {query ? t('pharmacyScreens.list.noMatch', { query }) : t('pharmacyScreens.list.empty')}
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      gap="xs"
      aria-label={t('pharmacyScreens.list.label')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {search.data.visits.map((row) => (
        <VisitRow
          key={row.id}
          row={row}
          onOpen={() => onOpen(row.id)}
          selected={selected.has(row.id)}
          onSelect={(on) => {
            const next = new Set(selected);
            if (on) next.add(row.id);
            else next.delete(row.id);
            setSelected(next);
          }}
        />
      ))}
    </Stack>
  );
}

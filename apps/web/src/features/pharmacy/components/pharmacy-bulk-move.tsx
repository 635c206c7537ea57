import type {
  PharmacyBulkStatusResult,
  PharmacyRxRow,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import {
  type PharmacyStatus,
  pharmacyStatuses,
  pharmacyStatusLabelKey,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  NativeSelect,
  Stack,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useBulkPharmacyStatus } from '../api/search-pharmacy-rx';
import { shortVisitId } from './pharmacy-dashboard';

/**
 * The dashboard's bulk move: the rows chosen on this page, one status and
 * one note; the server moves each as the single move and says per visit which moved and why not;
 * the dashboard is asked again.
 */
export function BulkMove({
  rows,
  selected,
  setSelected,
}: {
  rows: PharmacyRxRow[];
  selected: Set<string>;
  setSelected: (ids: Set<string>) => void;
}) {
  const t = useT();
  const [status, setStatus] = useState<PharmacyStatus | ''>('');
  const [note, setNote] = useState('');
  const move = useBulkPharmacyStatus({ onSuccess: () => setSelected(new Set()) });
  const names = new Map(rows.map((r) => [r.id, r.patientName]));
  const allOn = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const line = (r: PharmacyBulkStatusResult) => {
    const name = names.get(r.visitId) ?? shortVisitId(r.visitId);
    return r.moved && r.pharmacyStatus
      ? t('pharmacyScreens.bulk.moved', {
          name,
          status: t(pharmacyStatusLabelKey(r.pharmacyStatus)),
        })
      : t('pharmacyScreens.bulk.refused', { name, reason: r.message ?? '' });
  };
  return (
    <Stack gap="xs" component="section" aria-label={t('pharmacyScreens.bulk.label')}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Checkbox
          label={t('pharmacyScreens.bulk.selectAll')}
          checked={allOn}
          indeterminate={!allOn && rows.some((r) => selected.has(r.id))}
          onChange={(event) =>
            setSelected(new Set(event.currentTarget.checked ? rows.map((r) => r.id) : []))
          }
          data-testid="pharmacy-rx-select-all"
        />
        <NativeSelect
          label={t('pharmacyScreens.bulk.status')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as PharmacyStatus | '')}
          data={[
            { value: '', label: '—' },
            ...pharmacyStatuses
              .filter((s) => s !== 'claimed')
              .map((s) => ({ value: s, label: t(pharmacyStatusLabelKey(s)) })),
          ]}
          data-testid="pharmacy-bulk-status"
        />
        <TextInput
          label={t('pharmacyScreens.bulk.note')}
          value={note}
          maxLength={2000}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-testid="pharmacy-bulk-note"
        />
        <Button
          disabled={selected.size === 0 || status === ''}
          loading={move.isPending}
          onClick={() =>
            move.mutate({
              visits: rows
                .filter((r) => selected.has(r.id))
                .map((r) => ({ id: r.id, version: r.version })),
              status: status as PharmacyStatus,
              note,
            })
          }
          data-testid="pharmacy-bulk-submit"
        >
          {t('pharmacyScreens.bulk.submit', { count: selected.size })}
        </Button>
      </Group>
      {move.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, move.error)}
        </Alert>
      ) : null}
      {move.data ? (
        <List aria-live="polite" data-testid="pharmacy-bulk-results">
          {move.data.results.map((r) => (
            <List.Item key={r.visitId} data-moved={r.moved}>
              {line(r)}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

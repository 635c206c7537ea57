import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { type Pharmacy, usePharmacySearch } from '../api/search-pharmacies';
import { errorText } from './get-care-format';
import { GetCareStepFrame } from './get-care-step-frame';

/** '123 Main St, Miami, FL 33101'. */
export function pharmacyAddress(p: Pharmacy): string {
  return [p.address, p.city, [p.state, p.zip].filter(Boolean).join(' ')]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

function PharmacyItem({
  pharmacy,
  chosen,
  onChoose,
}: {
  pharmacy: Pharmacy;
  chosen: boolean;
  onChoose: () => void;
}) {
  const t = useT();
  return (
    <Card
      withBorder
      radius="md"
      p="sm"
      component="li"
      data-testid="pharmacy-result"
      style={chosen ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 180px', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{pharmacy.name}</Text>
            {chosen ? (
              <Badge color="green" variant="light">
                {t('careUi.pharmacy.chosen')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">{pharmacyAddress(pharmacy)}</Text>
          <Text size="sm" c="dimmed">
            {t('careUi.pharmacy.phone', { phone: pharmacy.phone })}
          </Text>
          {pharmacy.fax ? (
            <Text size="sm" c="dimmed">
              {t('careUi.pharmacy.fax', { fax: pharmacy.fax })}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('careUi.pharmacy.ncpdp', { id: pharmacy.ncpdpId })}
          </Text>
        </Stack>
        <Button
          size="compact-md"
          variant={chosen ? 'filled' : 'light'}
          aria-pressed={chosen}
          aria-label={t('careUi.pharmacy.chooseLabel', { name: pharmacy.name })}
          onClick={onChoose}
          style={{ flexShrink: 0 }}
        >
          {chosen ? t('careUi.pharmacy.chosen') : t('careUi.pharmacy.choose')}
        </Button>
      </Group>
    </Card>
  );
}

/** Step 6: the pharmacy for a prescription, from the directory (GET /pharmacies?q=&state=). */
export function GetCarePharmacyStep({
  index,
  total,
  state,
  pharmacy,
  onBack,
  onContinue,
}: {
  index: number;
  total: number;
  state: string;
  pharmacy: Pharmacy | null;
  onBack: () => void;
  onContinue: (pharmacy: Pharmacy) => void;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const [chosen, setChosen] = useState<Pharmacy | null>(pharmacy);
  const [error, setError] = useState<string | null>(null);
  const results = usePharmacySearch(debounced, state);

  return (
    <GetCareStepFrame
      index={index}
      total={total}
      title={t('careUi.pharmacy.title')}
      onBack={onBack}
      onContinue={() => {
        if (!chosen) {
          setError(t('careUi.pharmacy.required'));
          return;
        }
        onContinue(chosen);
      }}
    >
      <Text size="sm" c="dimmed">
        {t('careUi.pharmacy.body')}
      </Text>
      {chosen ? (
        <Alert color="green" role="status" data-testid="care-chosen-pharmacy">
          {t('careUi.pharmacy.current', { name: chosen.name })}
        </Alert>
      ) : null}
      <TextInput
        type="search"
        label={t('careUi.pharmacy.search')}
        description={t('careUi.pharmacy.searchHint')}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maxLength={100}
        autoComplete="off"
        rightSection={results.isFetching ? <Loader size="xs" /> : null}
      />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <GetCarePharmacyResults
        results={results}
        chosen={chosen}
        onChoose={(p) => {
          setChosen(p);
          setError(null);
        }}
      />
    </GetCareStepFrame>
  );
}

/** The search's pharmacies to choose from: loading, its failure, none, or the list. */
function GetCarePharmacyResults({
  results,
  chosen,
  onChoose,
}: {
  results: ReturnType<typeof usePharmacySearch>;
  chosen: Pharmacy | null;
  onChoose: (pharmacy: Pharmacy) => void;
}) {
  const t = useT();
  const list = results.data ?? [];
  return results.isError ? (
    <Alert color="red" role="alert">
      {errorText(t, results.error)}
    </Alert>
  ) : results.isPending ? (
    <Loader role="status" size="sm" aria-label={t('shell.loading')} />
  ) : list.length === 0 ? (
    <Text size="sm" role="status">
      {t('careUi.pharmacy.none')}
    </Text>
  ) : (
    <Stack
      component="ul"
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('careUi.pharmacy.results')}
    >
      {list.map((p) => (
        <PharmacyItem
          key={p.ncpdpId}
          pharmacy={p}
          chosen={chosen?.ncpdpId === p.ncpdpId}
          onChoose={() => onChoose(p)}
        />
      ))}
    </Stack>
  );
}

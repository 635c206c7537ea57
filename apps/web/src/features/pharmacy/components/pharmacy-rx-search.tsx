import { Button, Group, TextInput } from '@mantine/core';
import { useT } from '../../../lib/i18n';

/** The dashboard's search (visit id, patient, date): the text typed, Search, and Clear. */
export function PharmacyRxSearch({
  text,
  setText,
  query,
  onSearch,
}: {
  text: string;
  setText: (text: string) => void;
  /** The search in force (Clear shows while there is one). */
  query: string;
  onSearch: (query: string) => void;
}) {
  const t = useT();
  return (
    <search aria-label={t('pharmacyScreens.search.label')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text);
        }}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('pharmacyScreens.search.label')}
            description={t('pharmacyScreens.search.hint')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={100}
            style={{ flex: '1 1 240px' }}
            data-testid="pharmacy-search"
          />
          <Button type="submit" data-testid="pharmacy-search-submit">
            {t('pharmacyScreens.search.submit')}
          </Button>
          {query ? (
            <Button
              variant="default"
              onClick={() => {
                setText('');
                onSearch('');
              }}
            >
              {t('pharmacyScreens.search.clear')}
            </Button>
          ) : null}
        </Group>
      </form>
    </search>
  );
}

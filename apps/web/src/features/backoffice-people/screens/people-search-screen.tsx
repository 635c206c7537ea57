import type { PersonRow } from '@apothecall/domain/backoffice/people.api';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Anchor, Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Form } from '../../../components/form';
import { ScrollRegion } from '../../../components/scroll-region';
import { StatusChip } from '../../../components/status-chip';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSearchPeople } from '../api/people-api';

/**
 * /admin/people (People and support): search accounts by name, e-mail, phone, date of
 * birth or visit reference (POST /admin/people/search, the query in the body, never in the
 * address), and a table of the accounts found, each opening its page; 'More results' pages on.
 * The route guard (step 4h) keeps roles without the area out; the server answers them 403.
 */
export function PeopleSearchScreen() {
  const t = useT();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<PersonRow[] | null>(null);
  const [next, setNext] = useState<{ query: string; page: number } | null>(null);
  const search = useSearchPeople({
    onSuccess: (found, ask) => {
      setResults((shown) =>
        ask.page === 1 ? found.results : [...(shown ?? []), ...found.results],
      );
      setNext(found.hasMore ? { query: ask.query, page: ask.page + 1 } : null);
    },
  });
  return (
    <Stack p="md" maw={1100} mx="auto" w="100%" data-screen="adminPeople">
      <Title order={1} size="h2">
        {t('peopleUi.search.title')}
      </Title>
      <Form onSubmit={() => search.mutate({ query, page: 1 })}>
        <Group align="flex-end">
          <TextInput
            label={t('peopleUi.search.label')}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            style={{ flex: 1 }}
            data-testid="people-search-query"
            autoComplete="off"
          />
          <Button type="submit" loading={search.isPending} data-testid="people-search-submit">
            {t('peopleUi.search.submit')}
          </Button>
        </Group>
      </Form>
      {search.isError ? (
        <Alert color="red" role="alert" data-testid="people-search-error">
          {errorText(t, search.error)}
        </Alert>
      ) : null}
      {results && results.length === 0 ? (
        <Alert color="gray" data-testid="people-search-none">
          {t('peopleUi.search.none')}
        </Alert>
      ) : null}
      {results && results.length > 0 ? (
        <ScrollRegion label={t('peopleUi.search.title')} minWidth={640}>
          <Table striped data-testid="people-search-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('peopleUi.col.name')}</Table.Th>
                <Table.Th>{t('peopleUi.col.login')}</Table.Th>
                <Table.Th>{t('peopleUi.col.dob')}</Table.Th>
                <Table.Th>{t('peopleUi.col.phone')}</Table.Th>
                <Table.Th>{t('peopleUi.col.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((row) => (
                <Table.Tr key={row.accountId}>
                  <Table.Td>
                    <Anchor component={Link} to={link('/admin/people/:id', { id: row.accountId })}>
                      {row.name || row.loginId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.loginId}</Table.Td>
                  <Table.Td>{row.dob}</Table.Td>
                  <Table.Td>{row.phone ?? ''}</Table.Td>
                  <Table.Td>
                    <StatusChip
                      label={t(
                        row.disabled ? 'peopleUi.status.disabled' : 'peopleUi.status.active',
                      )}
                      colour={row.disabled ? '#c92a2a' : '#2f9e44'}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      ) : null}
      {next ? (
        <Button
          variant="default"
          w="fit-content"
          loading={search.isPending}
          onClick={() => search.mutate(next)}
        >
          {t('peopleUi.search.more')}
        </Button>
      ) : null}
    </Stack>
  );
}

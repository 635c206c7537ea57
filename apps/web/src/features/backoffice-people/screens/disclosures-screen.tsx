import type { DisclosuresQuery } from '@apothecall/domain/backoffice/disclosures.api';
import { link } from '@apothecall/domain/navigation/links';
import {
  Alert,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Form } from '../../../components/form';
import { ScrollRegion } from '../../../components/scroll-region';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { saveBlob } from '../../../lib/save-blob';
import { useDisclosures, useDownloadDisclosuresCsv } from '../api/people-api';

interface Filters {
  actor: string | null;
  from: string;
  to: string;
}

/** The account handed over in the screen's state by an account's page (never in the address). */
function accountOf(state: unknown): string | null {
  const accountId = (state as { accountId?: unknown } | null)?.accountId;
  return typeof accountId === 'string' ? accountId : null;
}

/**
 * /admin/disclosures (HIPAA §164.528): every audit row about the record of the account
 * an account's page handed over — when, who (name and role), what, outcome, from where — with
 * filters by actor and by days, and 'Download CSV' of the same rows. Opened without an account
 * (a reload, a bookmark) it says where to start.
 */
export function DisclosuresScreen() {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const accountId = accountOf(location.state);
  const [draft, setDraft] = useState<Filters>({ actor: null, from: '', to: '' });
  const [applied, setApplied] = useState<Filters>(draft);
  const query: DisclosuresQuery | null = accountId
    ? {
        accountId,
        ...(applied.actor ? { actor: applied.actor } : {}),
        ...(applied.from ? { from: applied.from } : {}),
        ...(applied.to ? { to: applied.to } : {}),
      }
    : null;
  const list = useDisclosures(query, {
    enabled: query !== null,
    staleTime: 0,
  });
  // The actors seen without an actor filter, to choose from.
  const [actors, setActors] = useState<{ value: string; label: string }[]>([]);
  const seen = useMemo(() => {
    if (!list.data) return actors;
    const known = new Map(actors.map((a) => [a.value, a]));
    for (const row of list.data.rows) {
      if (row.actorAccountId && !known.has(row.actorAccountId)) {
        known.set(row.actorAccountId, {
          value: row.actorAccountId,
          label: `${row.actorName ?? row.actorAccountId} (${row.actorRole ?? ''})`,
        });
      }
    }
    return [...known.values()];
  }, [list.data, actors]);
  const csv = useDownloadDisclosuresCsv({
    onSuccess: (blob) => saveBlob(blob, 'disclosures.csv'),
    onError: (error) => notifications.show({ color: 'red', message: errorText(t, error) }),
  });
  return (
    <Stack p="md" maw={1100} mx="auto" w="100%" data-screen="adminDisclosures">
      <Title order={1} size="h2">
        {t('disclosuresUi.title')}
      </Title>
      {accountId === null ? (
        <Alert color="yellow" data-testid="disclosures-pick">
          <Stack gap="xs">
            <Text size="sm">{t('disclosuresUi.pick')}</Text>
            <Button component={Link} to={link('/admin/people')} variant="light" w="fit-content">
              {t('backoffice.area.people')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          {list.data ? (
            <Text fw={600} data-testid="disclosures-of">
              {t('disclosuresUi.of', { name: list.data.name })}
            </Text>
          ) : null}
          <Form
            onSubmit={() => {
              setActors(seen);
              setApplied(draft);
            }}
          >
            <Group align="flex-end">
              <Select
                label={t('disclosuresUi.actor')}
                placeholder={t('disclosuresUi.anyone')}
                data={seen}
                value={draft.actor}
                onChange={(actor) => setDraft({ ...draft, actor })}
                clearable
                data-testid="disclosures-actor"
              />
              <TextInput
                type="date"
                label={t('disclosuresUi.from')}
                value={draft.from}
                onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
                data-testid="disclosures-from"
              />
              <TextInput
                type="date"
                label={t('disclosuresUi.to')}
                value={draft.to}
                onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
                data-testid="disclosures-to"
              />
              <Button type="submit" data-testid="disclosures-apply">
                {t('disclosuresUi.apply')}
              </Button>
              <Button
                variant="default"
                loading={csv.isPending}
                onClick={() => csv.mutate(query as DisclosuresQuery)}
                data-testid="disclosures-csv"
              >
                {t('disclosuresUi.csv')}
              </Button>
            </Group>
          </Form>
          {list.isPending ? <Loader aria-label={t('shell.loading')} /> : null}
          {list.isError ? (
            <Alert color="red" role="alert" data-testid="disclosures-error">
              {errorText(t, list.error)}
            </Alert>
          ) : null}
          {list.data && list.data.rows.length === 0 ? (
            <Alert color="gray">{t('disclosuresUi.none')}</Alert>
          ) : null}
          {list.data?.truncated ? (
            <Alert color="yellow">{t('disclosuresUi.truncated')}</Alert>
          ) : null}
          {list.data && list.data.rows.length > 0 ? (
            <ScrollRegion label={t('disclosuresUi.title')} minWidth={720}>
              <Table striped data-testid="disclosures-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('disclosuresUi.col.at')}</Table.Th>
                    <Table.Th>{t('disclosuresUi.col.who')}</Table.Th>
                    <Table.Th>{t('disclosuresUi.col.role')}</Table.Th>
                    <Table.Th>{t('disclosuresUi.col.what')}</Table.Th>
                    <Table.Th>{t('disclosuresUi.col.outcome')}</Table.Th>
                    <Table.Th>{t('disclosuresUi.col.where')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{formatDateTime(row.at, lang)}</Table.Td>
                      <Table.Td>{row.actorName ?? t('disclosuresUi.nobody')}</Table.Td>
                      <Table.Td>{row.actorRole ?? ''}</Table.Td>
                      <Table.Td>{row.action}</Table.Td>
                      <Table.Td>{row.outcome}</Table.Td>
                      <Table.Td>{row.ip ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          ) : null}
        </>
      )}
    </Stack>
  );
}

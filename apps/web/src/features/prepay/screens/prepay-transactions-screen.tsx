import { link } from '@apothecall/domain/navigation/links';
import type {
  PrepayReferredTransaction,
  PrepayTransaction,
} from '@apothecall/domain/prepay/prepay.api';
import { Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Facts } from '../../../components/facts';
import { ListCard } from '../../../components/list-card';
import { useLang, useT } from '../../../lib/i18n';
import { usePrepayReferred } from '../api/get-prepay-referred';
import { usePrepayTransactions } from '../api/get-prepay-transactions';
import { ListState } from '../components/list-state';
import {
  amountText,
  entryKindKeys,
  formatDay,
  redemptionStateKeys,
  signedVisits,
  treatmentText,
} from '../components/prepay-format';
import { useRouteProgram } from '../hooks/use-route-program';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

type FactRow = { key: string; label: string; value: ReactNode };

/** One entry of a program's history: its heading, then its date and the rest as facts. */
function EntryCard({
  testId,
  heading,
  date,
  rows,
}: {
  testId: string;
  heading: ReactNode;
  date: string;
  rows: readonly FactRow[];
}) {
  const t = useT();
  const lang = useLang();
  return (
    <ListCard data-testid={testId}>
      {heading}
      <Facts
        labelWidth={140}
        rows={[
          {
            key: 'date',
            label: t('prepayUi.transactions.date'),
            value: <time dateTime={date}>{formatDay(date, lang)}</time>,
          },
          ...rows,
        ]}
      />
    </ListCard>
  );
}

function TransactionCard({ entry }: { entry: PrepayTransaction }) {
  const t = useT();
  const lang = useLang();
  return (
    <EntryCard
      testId="prepay-transaction"
      heading={
        <Text fw={700} data-testid="prepay-transaction-kind" data-kind={entry.kind}>
          {t(entryKindKeys[entry.kind])}
        </Text>
      }
      date={entry.date}
      rows={[
        {
          key: 'visits',
          label: t('prepayUi.transactions.visits'),
          value: <span data-testid="prepay-transaction-visits">{signedVisits(entry.visits)}</span>,
        },
        {
          key: 'amount',
          label: t('prepayUi.transactions.amount'),
          value: amountText(entry.amount, lang),
        },
        ...(entry.transId
          ? [{ key: 'transId', label: t('prepayUi.transactions.transId'), value: entry.transId }]
          : []),
      ]}
    />
  );
}

function ReferredCard({ entry }: { entry: PrepayReferredTransaction }) {
  const t = useT();
  const lang = useLang();
  return (
    <EntryCard
      testId="prepay-referred"
      heading={
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {treatmentText(t, entry.productId)}
        </Text>
      }
      date={entry.date}
      rows={[
        {
          key: 'paidWith',
          label: t('prepayUi.referred.paidWith'),
          value: entry.token
            ? t('prepayUi.referred.token', { code: entry.token })
            : t('prepayUi.referred.programCode'),
        },
        {
          key: 'state',
          label: t('prepayUi.referred.state'),
          value: (
            <span data-testid="prepay-referred-state" data-state={entry.state}>
              {t(redemptionStateKeys[entry.state])}
            </span>
          ),
        },
        {
          key: 'settled',
          label: t('prepayUi.referred.settled'),
          value: entry.settledAt
            ? formatDay(entry.settledAt, lang)
            : t('prepayUi.referred.notSettled'),
        },
      ]}
    />
  );
}

/**
 * /prepay-transactions/{id}: a program's transactions (purchases, added visits,
 * visits taken and credited back) and its referred transactions (the visits it paid: the
 * token or the program code, the state, the treatment; no patient names).
 */
export function PrepayTransactionsScreen() {
  const t = useT();
  const { id, program } = useRouteProgram();
  const transactions = usePrepayTransactions(id);
  const referred = usePrepayReferred(id);
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="prepay-transactions">
      <Anchor component={Link} to={link('/prepay-edit/:id', { id })} size="sm">
        {t('prepayUi.backToProgram')}
      </Anchor>
      <Title order={1} size="h2">
        {t('prepayUi.transactions.title')}
      </Title>
      {program.data ? (
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {program.data.name}
        </Text>
      ) : null}
      <Tabs defaultValue="transactions" keepMounted={false}>
        <Tabs.List aria-label={t('prepayUi.transactions.tabsLabel')}>
          <Tabs.Tab value="transactions" data-testid="prepay-tab-transactions">
            {t('prepayUi.transactions.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="referred" data-testid="prepay-tab-referred">
            {t('prepayUi.transactions.referredTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transactions" pt="md">
          <ListState
            query={transactions}
            empty={<Text c="dimmed">{t('prepayUi.transactions.empty')}</Text>}
          >
            {(items) => (
              <Stack component="ul" gap="sm" style={listStyle}>
                {items.map((entry) => (
                  <TransactionCard key={entry.id} entry={entry} />
                ))}
              </Stack>
            )}
          </ListState>
        </Tabs.Panel>
        <Tabs.Panel value="referred" pt="md">
          <ListState
            query={referred}
            empty={<Text c="dimmed">{t('prepayUi.referred.empty')}</Text>}
          >
            {(items) => (
              <Stack component="ul" gap="sm" style={listStyle}>
                {items.map((entry) => (
                  <ReferredCard key={entry.id} entry={entry} />
                ))}
              </Stack>
            )}
          </ListState>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

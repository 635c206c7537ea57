import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import {
  type MoneyTransaction,
  type MoneyTransactionsRequest,
  moneyPageSize,
} from '@apothecall/domain/backoffice/money.api';
import { formatDateAndTime } from '@apothecall/domain/dates/time-format.rules';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { dangerButton } from '../../../components/danger-button';
import { Dialog } from '../../../components/dialog';
import { ScrollRegion } from '../../../components/scroll-region';
import { errorText } from '../../../lib/api-client';
import { countText, useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { useSession } from '../../../lib/session-store';
import { useMoneyTransactions, useReconciliation, useRefundTransaction } from '../api/money-hooks';
import { LoadProblem } from '../components/load-problem';
import { PrepayPanel, SubscriptionsPanel } from './money-plans-panels';

/**
 * /admin/money: every ledger entry across brands (filters: brand, kind, status, days,
 * invoice number or reference; 50 a page), each succeeded charge with a Refund button (a reason,
 * then a confirmation) for a role that may change the area (admin); and the day's reconciliation
 * of the ledger with the gateway, with the differences; read-only lists of every subscription
 * across brands and every prepay program across pharmacies.
 */
export function AdminMoneyScreen() {
  const t = useT();
  return (
    <Stack p="md" maw={1280} mx="auto" w="100%" data-screen="admin-money">
      <Title order={1} size="h2">
        {t('backoffice.money.title')}
      </Title>
      <Tabs defaultValue="transactions" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="transactions" data-testid="money-tab-transactions">
            {t('backoffice.money.tab.transactions')}
          </Tabs.Tab>
          <Tabs.Tab value="reconciliation" data-testid="money-tab-reconciliation">
            {t('backoffice.money.tab.reconciliation')}
          </Tabs.Tab>
          <Tabs.Tab value="subscriptions" data-testid="money-tab-subscriptions">
            {t('backoffice.money.tab.subscriptions')}
          </Tabs.Tab>
          <Tabs.Tab value="prepay" data-testid="money-tab-prepay">
            {t('backoffice.money.tab.prepay')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transactions" pt="md">
          <TransactionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="reconciliation" pt="md">
          <ReconciliationPanel />
        </Tabs.Panel>
        <Tabs.Panel value="subscriptions" pt="md">
          <SubscriptionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="prepay" pt="md">
          <PrepayPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

type Draft = {
  brand: string;
  kind: string;
  status: string;
  from: string;
  to: string;
  query: string;
};
const emptyDraft: Draft = { brand: '', kind: '', status: '', from: '', to: '', query: '' };

/** The draft's filled fields as the request (an empty field is no filter). */
function filtersOf(draft: Draft, page: number): MoneyTransactionsRequest {
  const filters: Record<string, unknown> = { page };
  for (const [name, value] of Object.entries(draft)) {
    if (value.trim() !== '') filters[name] = value.trim();
  }
  return filters as MoneyTransactionsRequest;
}

function TransactionsPanel() {
  const t = useT();
  const lang = useLang();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'money', 'write');
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [filters, setFilters] = useState<MoneyTransactionsRequest>({ page: 1 });
  const [refunding, setRefunding] = useState<MoneyTransaction | null>(null);
  const list = useMoneyTransactions(filters);
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (e: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [name]: e.currentTarget.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf(draft, 1));
  };
  const page = filters.page ?? 1;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / moneyPageSize)) : 1;

  return (
    <Stack>
      <form onSubmit={submit} data-testid="money-filters">
        <Group align="flex-end" wrap="wrap">
          <TextInput label={t('backoffice.money.filter.brand')} {...field('brand')} />
          <Select
            label={t('backoffice.money.filter.kind')}
            data={[
              { value: '', label: t('backoffice.money.filter.any') },
              { value: 'charge', label: t('backoffice.money.kind.charge') },
              { value: 'refund', label: t('backoffice.money.kind.refund') },
            ]}
            value={draft.kind}
            onChange={(value) => setDraft({ ...draft, kind: value ?? '' })}
          />
          <Select
            label={t('backoffice.money.filter.status')}
            data={[
              { value: '', label: t('backoffice.money.filter.any') },
              { value: 'pending', label: t('backoffice.money.status.pending') },
              { value: 'succeeded', label: t('backoffice.money.status.succeeded') },
              { value: 'failed', label: t('backoffice.money.status.failed') },
            ]}
            value={draft.status}
            onChange={(value) => setDraft({ ...draft, status: value ?? '' })}
          />
          <TextInput type="date" label={t('backoffice.money.filter.from')} {...field('from')} />
          <TextInput type="date" label={t('backoffice.money.filter.to')} {...field('to')} />
          <TextInput
            label={t('backoffice.money.filter.query')}
            {...field('query')}
            data-testid="money-query"
          />
          <Button type="submit" data-testid="money-search">
            {t('backoffice.money.filter.apply')}
          </Button>
        </Group>
      </form>
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <LoadProblem error={list.error} retry={() => void list.refetch()} />
      ) : list.data.transactions.length === 0 ? (
        <Text>{t('backoffice.money.empty')}</Text>
      ) : (
        <>
          <ScrollRegion label={t('backoffice.money.tab.transactions')} minWidth={960}>
            <Table striped withTableBorder data-testid="money-transactions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backoffice.money.col.date')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.brand')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.account')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.kind')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.status')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.amount')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.card')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.invoice')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.reference')}</Table.Th>
                  {mayWrite ? <Table.Th /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.transactions.map((x) => (
                  <Table.Tr key={x.id} data-testid={`money-row-${x.reference}`}>
                    <Table.Td>{formatDateAndTime(x.date, lang)}</Table.Td>
                    <Table.Td>{x.brand}</Table.Td>
                    <Table.Td>{x.accountName}</Table.Td>
                    <Table.Td>{t(`backoffice.money.kind.${x.kind}`)}</Table.Td>
                    <Table.Td>{t(`backoffice.money.status.${x.status}`)}</Table.Td>
                    <Table.Td>{formatCents(x.amount, lang)}</Table.Td>
                    <Table.Td>
                      {x.card.brand && x.card.last4 ? `${x.card.brand} •••• ${x.card.last4}` : ''}
                    </Table.Td>
                    <Table.Td>{x.invoiceNumber}</Table.Td>
                    <Table.Td>{x.reference}</Table.Td>
                    {mayWrite ? (
                      <Table.Td>
                        {x.refunded ? (
                          <Badge color="gray" variant="outline">
                            {t('backoffice.money.refunded')}
                          </Badge>
                        ) : x.kind === 'charge' && x.status === 'succeeded' ? (
                          <Button size="xs" variant="default" onClick={() => setRefunding(x)}>
                            {t('backoffice.money.refund.button')}
                          </Button>
                        ) : null}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          <Group>
            <Button
              variant="default"
              disabled={page <= 1}
              onClick={() => setFilters({ ...filters, page: page - 1 })}
            >
              {t('backoffice.money.previous')}
            </Button>
            <Text size="sm">
              {countText(
                t,
                list.data.total,
                { one: 'backoffice.money.page.one', other: 'backoffice.money.page.other' },
                { page, pages },
              )}
            </Text>
            <Button
              variant="default"
              disabled={page >= pages}
              onClick={() => setFilters({ ...filters, page: page + 1 })}
            >
              {t('backoffice.money.next')}
            </Button>
          </Group>
        </>
      )}
      {refunding ? <RefundDialog entry={refunding} close={() => setRefunding(null)} /> : null}
    </Stack>
  );
}

/** The reason, then the confirmation: one request key per dialog, so a retry is one refund. */
function RefundDialog({ entry, close }: { entry: MoneyTransaction; close: () => void }) {
  const t = useT();
  const lang = useLang();
  const [reason, setReason] = useState('');
  const [idempotencyKey] = useState(() => `web-${crypto.randomUUID()}`);
  const refund = useRefundTransaction({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('backoffice.money.refund.done') });
      close();
    },
  });
  return (
    <Dialog
      opened
      onClose={close}
      title={t('backoffice.money.refund.title', { amount: formatCents(entry.amount, lang) })}
    >
      <Stack>
        <Text size="sm">
          {entry.accountName} · {entry.invoiceNumber}
        </Text>
        <Textarea
          label={t('backoffice.money.refund.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="money-refund-reason"
        />
        {refund.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, refund.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('backoffice.money.refund.cancel')}
          </Button>
          <Button
            {...dangerButton}
            loading={refund.isPending}
            onClick={() => refund.mutate({ id: entry.id, reason, idempotencyKey })}
            data-testid="money-refund-confirm"
          >
            {t('backoffice.money.refund.confirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

function ReconciliationPanel() {
  const t = useT();
  const lang = useLang();
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  const compare = useReconciliation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    compare.mutate(day);
  };
  return (
    <Stack>
      <form onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            type="date"
            label={t('backoffice.money.reconcile.day')}
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
            data-testid="money-reconcile-day"
          />
          <Button type="submit" loading={compare.isPending} data-testid="money-reconcile-run">
            {t('backoffice.money.reconcile.run')}
          </Button>
        </Group>
      </form>
      {compare.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, compare.error)}
        </Alert>
      ) : null}
      {compare.data ? (
        <>
          <Text data-testid="money-reconcile-summary">
            {t('backoffice.money.reconcile.summary', {
              checked: compare.data.checked,
              matched: compare.data.matched,
              differences: compare.data.differences.length,
            })}
          </Text>
          {compare.data.differences.length === 0 ? (
            <Text>{t('backoffice.money.reconcile.none')}</Text>
          ) : (
            <Table striped withTableBorder data-testid="money-reconcile-differences">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backoffice.money.reconcile.col.difference')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.reference')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.invoice')}</Table.Th>
                  <Table.Th>{t('backoffice.money.col.kind')}</Table.Th>
                  <Table.Th>{t('backoffice.money.reconcile.col.ledger')}</Table.Th>
                  <Table.Th>{t('backoffice.money.reconcile.col.gateway')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {compare.data.differences.map((d) => (
                  <Table.Tr key={d.ledgerId}>
                    <Table.Td>{t(`backoffice.money.reconcile.${d.kind}`)}</Table.Td>
                    <Table.Td>{d.reference}</Table.Td>
                    <Table.Td>{d.invoiceNumber}</Table.Td>
                    <Table.Td>{t(`backoffice.money.kind.${d.entryKind}`)}</Table.Td>
                    <Table.Td>
                      {t(`backoffice.money.status.${d.ledgerStatus}`)}{' '}
                      {formatCents(d.ledgerAmount, lang)}
                    </Table.Td>
                    <Table.Td>
                      {d.gatewayAmount === null
                        ? '—'
                        : `${d.gatewayStatus ?? ''} ${formatCents(d.gatewayAmount, lang)}`}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      ) : null}
    </Stack>
  );
}

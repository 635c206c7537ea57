import {
  type MoneyPrepayProgram,
  type MoneyPrepayRequest,
  type MoneySubscription,
  type MoneySubscriptionsRequest,
  moneyPlansPageSize,
  moneySubscriptionStatuses,
} from '@apothecall/domain/backoffice/money-plans.api';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { Badge, Button, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { pagesOf, Pager as SharedPager } from '../../../components/pager';
import { ScrollRegion } from '../../../components/scroll-region';
import { countText, useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { useMoneyPrepayPrograms, useMoneySubscriptions } from '../api/money-hooks';
import { LoadProblem } from '../components/load-problem';

const day = (iso: string | null, lang: Lang) =>
  iso ? new Date(iso).toLocaleDateString(lang, { timeZone: 'UTC' }) : '';

const statusColour = {
  active: 'green',
  pastDue: 'red',
  cancelled: 'yellow',
  inactive: 'gray',
} as const;

/** The shared pager, with the money list's own "page x of y (n subscriptions)" line. */
function Pager({
  page,
  total,
  label,
  onPage,
}: {
  page: number;
  total: number;
  label: 'backoffice.money.sub.page' | 'backoffice.money.prepay.page';
  onPage: (page: number) => void;
}) {
  const t = useT();
  const pages = pagesOf(total, moneyPlansPageSize);
  return (
    <SharedPager
      page={page}
      total={total}
      pageSize={moneyPlansPageSize}
      info={countText(t, total, { one: `${label}.one`, other: `${label}.other` }, { page, pages })}
      onPage={onPage}
    />
  );
}

/** The subscriptions of one page (read-only). */
export function SubscriptionsTable({ rows }: { rows: readonly MoneySubscription[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <ScrollRegion label={t('backoffice.money.tab.subscriptions')} minWidth={760}>
      <Table striped withTableBorder data-testid="money-subscriptions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backoffice.money.sub.col.patient')}</Table.Th>
            <Table.Th>{t('backoffice.money.col.brand')}</Table.Th>
            <Table.Th>{t('backoffice.money.sub.col.plan')}</Table.Th>
            <Table.Th>{t('backoffice.money.sub.col.period')}</Table.Th>
            <Table.Th>{t('backoffice.money.sub.col.price')}</Table.Th>
            <Table.Th>{t('backoffice.money.sub.col.status')}</Table.Th>
            <Table.Th>{t('backoffice.money.sub.col.renewal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.id} data-testid="money-subscription-row">
              <Table.Td>{s.patientName}</Table.Td>
              <Table.Td>{s.brand}</Table.Td>
              <Table.Td>
                {t(`backoffice.money.sub.kind.${s.kind}`)}
                {s.plan ? ` · ${s.plan}` : ''}
              </Table.Td>
              <Table.Td>{t('backoffice.money.sub.months', { months: s.months })}</Table.Td>
              <Table.Td>{formatCents(s.price, lang)}</Table.Td>
              <Table.Td>
                <Badge color={statusColour[s.status]} variant="light">
                  {t(`backoffice.money.sub.status.${s.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{day(s.nextRenewal, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The prepay programs of one page (read-only). */
export function PrepayTable({ rows }: { rows: readonly MoneyPrepayProgram[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <ScrollRegion label={t('backoffice.money.tab.prepay')} minWidth={760}>
      <Table striped withTableBorder data-testid="money-prepay">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backoffice.money.prepay.col.pharmacy')}</Table.Th>
            <Table.Th>{t('backoffice.money.prepay.col.program')}</Table.Th>
            <Table.Th>{t('backoffice.money.prepay.col.visits')}</Table.Th>
            <Table.Th>{t('backoffice.money.prepay.col.tokens')}</Table.Th>
            <Table.Th>{t('backoffice.money.prepay.col.sold')}</Table.Th>
            <Table.Th>{t('backoffice.money.prepay.col.lastSale')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id} data-testid="money-prepay-row">
              <Table.Td>
                {p.pharmacy ?? t('backoffice.money.prepay.noPharmacy', { owner: p.owner })}
              </Table.Td>
              <Table.Td>
                {p.name} · {p.brand}
              </Table.Td>
              <Table.Td>
                {p.visitsBought} / {p.visitsUsed} / {p.balance}
              </Table.Td>
              <Table.Td>
                {p.tokensIssued} / {p.tokensUsed} / {p.tokensLeft}
              </Table.Td>
              <Table.Td>{formatCents(p.sold, lang)}</Table.Td>
              <Table.Td>{day(p.lastSale, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The filters' filled fields as the request (an empty field is no filter). */
function filtersOf<T>(draft: Record<string, string>, page: number): T {
  const filters: Record<string, unknown> = { page };
  for (const [name, value] of Object.entries(draft)) {
    if (value.trim() !== '') filters[name] = value.trim();
  }
  return filters as T;
}

/**
 * Every subscription across brands: patient, brand, plan, period, price, status and
 * next renewal, filtered by brand and status, 50 a page. Read-only.
 */
export function SubscriptionsPanel() {
  const t = useT();
  const [draft, setDraft] = useState({ brand: '', status: '' });
  const [filters, setFilters] = useState<MoneySubscriptionsRequest>({ page: 1 });
  const list = useMoneySubscriptions(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf<MoneySubscriptionsRequest>(draft, 1));
  };
  return (
    <Stack>
      <form onSubmit={submit} data-testid="money-subscription-filters">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('backoffice.money.filter.brand')}
            value={draft.brand}
            onChange={(e) => setDraft({ ...draft, brand: e.currentTarget.value })}
          />
          <Select
            label={t('backoffice.money.filter.status')}
            data={[
              { value: '', label: t('backoffice.money.filter.any') },
              ...moneySubscriptionStatuses.map((s) => ({
                value: s,
                label: t(`backoffice.money.sub.status.${s}`),
              })),
            ]}
            value={draft.status}
            onChange={(value) => setDraft({ ...draft, status: value ?? '' })}
          />
          <Button type="submit">{t('backoffice.money.filter.apply')}</Button>
        </Group>
      </form>
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <LoadProblem error={list.error} retry={() => void list.refetch()} />
      ) : list.data.subscriptions.length === 0 ? (
        <Text>{t('backoffice.money.sub.empty')}</Text>
      ) : (
        <>
          <SubscriptionsTable rows={list.data.subscriptions} />
          <Pager
            page={filters.page ?? 1}
            total={list.data.total}
            label="backoffice.money.sub.page"
            onPage={(page) => setFilters({ ...filters, page })}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * Every prepay program across pharmacies: the pharmacy, the program, its visits
 * bought, used and left, its tokens issued, used and left, what it sold and the last sale,
 * filtered by brand and pharmacy, 50 a page. Read-only.
 */
export function PrepayPanel() {
  const t = useT();
  const [draft, setDraft] = useState({ brand: '', pharmacy: '' });
  const [filters, setFilters] = useState<MoneyPrepayRequest>({ page: 1 });
  const list = useMoneyPrepayPrograms(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf<MoneyPrepayRequest>(draft, 1));
  };
  return (
    <Stack>
      <form onSubmit={submit} data-testid="money-prepay-filters">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('backoffice.money.filter.brand')}
            value={draft.brand}
            onChange={(e) => setDraft({ ...draft, brand: e.currentTarget.value })}
          />
          <TextInput
            label={t('backoffice.money.prepay.filter.pharmacy')}
            value={draft.pharmacy}
            onChange={(e) => setDraft({ ...draft, pharmacy: e.currentTarget.value })}
          />
          <Button type="submit">{t('backoffice.money.filter.apply')}</Button>
        </Group>
      </form>
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <LoadProblem error={list.error} retry={() => void list.refetch()} />
      ) : list.data.programs.length === 0 ? (
        <Text>{t('backoffice.money.prepay.empty')}</Text>
      ) : (
        <>
          <PrepayTable rows={list.data.programs} />
          <Pager
            page={filters.page ?? 1}
            total={list.data.total}
            label="backoffice.money.prepay.page"
            onPage={(page) => setFilters({ ...filters, page })}
          />
        </>
      )}
    </Stack>
  );
}

import type {
  PharmacyBulkStatusResult,
  PharmacyMe,
  PharmacyRxRow,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import {
  type PharmacyStatus,
  pharmacyStatusColour,
  pharmacyStatuses,
  pharmacyStatusLabelKey,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Loader,
  NativeSelect,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pager } from '../../../components/pager';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import {
  bulkPharmacyStatus,
  pharmacyRxQueryKey,
  pharmacyRxSearchQueryKey,
  searchPharmacyRx,
} from '../api/search-pharmacy-rx';
import { FindByCodeForm } from '../components/find-by-code-form';
import {
  dashboardReducer,
  dashboardTabOrder,
  initialDashboardState,
  isDashboardTab,
  pageCount,
  searchRequestOf,
  shortVisitId,
  tabCount,
} from '../components/pharmacy-dashboard';
import { formatDay, stateName, treatmentName } from '../components/pharmacy-format';
import { PharmacyRxChips, PharmacyRxDetailView } from '../components/pharmacy-rx-detail';
import { StatusDot } from '../components/pharmacy-status-chip';
import { PharmacyVerifiedGate } from '../components/pharmacy-verified-gate';

function VisitRow({
  row,
  onOpen,
  selected,
  onSelect,
}: {
  row: PharmacyRxRow;
  onOpen: () => void;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const t = useT();
  const lang = useLang();
  const short = shortVisitId(row.id);
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="pharmacy-rx-row"
      data-visit-id={row.id}
      data-status={row.pharmacyStatus}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Checkbox
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
          aria-label={t('pharmacyScreens.bulk.selectOne', { id: short, name: row.patientName })}
          data-testid="pharmacy-rx-select"
        />
        <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Text fw={700}>{row.patientName}</Text>
          <Text size="sm" c="dimmed">
            {t('pharmacyScreens.row.visit', { id: short })} ·{' '}
            {t('pharmacyScreens.row.dob', { dob: formatDay(row.patientDob, lang) })} ·{' '}
            {stateName(t, row.state)}
          </Text>
          <Text size="sm">
            {treatmentName(t, row.productId)} ·{' '}
            {t('pharmacyScreens.row.prescribed', { date: formatDay(row.prescribedAt, lang) })}
          </Text>
        </Stack>
        <PharmacyRxChips visit={row} />
        <Button
          variant="light"
          onClick={onOpen}
          data-testid="pharmacy-rx-open"
          data-open-visit={row.id}
          aria-label={t('pharmacyScreens.row.openLabel', { id: short, name: row.patientName })}
        >
          {t('pharmacyScreens.row.open')}
        </Button>
      </Group>
    </Card>
  );
}

/**
 * The dashboard's bulk move (issue 36, finding 14): the rows chosen on this page, one status and
 * one note; the server moves each as the single move and says per visit which moved and why not.
 */
function BulkMove({
  rows,
  selected,
  setSelected,
  onDone,
}: {
  rows: PharmacyRxRow[];
  selected: Set<string>;
  setSelected: (ids: Set<string>) => void;
  onDone: () => void;
}) {
  const t = useT();
  const [status, setStatus] = useState<PharmacyStatus | ''>('');
  const [note, setNote] = useState('');
  const move = useMutation({
    mutationFn: () =>
      bulkPharmacyStatus({
        visits: rows
          .filter((r) => selected.has(r.id))
          .map((r) => ({ id: r.id, version: r.version })),
        status: status as PharmacyStatus,
        note,
      }),
    onSuccess: () => {
      setSelected(new Set());
      onDone();
    },
  });
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
          onClick={() => move.mutate()}
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

/**
 * The dashboard: a tab per pharmacy status in the spec's order (and All), each with its count
 * and colour, Unclaimed first chosen with its new visits; a search (visit id, patient, date)
 * sent in the POST body; pages with the shared Pager (its total too); the visit opens below the title (`?visit=<id>`, so Back works).
 * `pharmacyQueueChanged` makes it fetch again.
 */
export function PrescriptionsDashboard({ me }: { me: PharmacyMe }) {
  const t = useT();
  const queryClient = useQueryClient();
  const socket = useSocket();
  const [params, setParams] = useSearchParams();
  const openId = params.get('visit');
  const [state, dispatch] = useReducer(dashboardReducer, initialDashboardState);
  const [searchText, setSearchText] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const lastOpened = useRef<string | null>(null);
  const request = searchRequestOf(state);
  const search = useQuery({
    queryKey: pharmacyRxSearchQueryKey(request),
    queryFn: () => searchPharmacyRx(request),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: pharmacyRxQueryKey });
  // Something on this pharmacy's dashboard moved ({ visitId, pharmacyStatus }): fetch again.
  useSocketEvent(socket, realtimeEvents.pharmacyQueueChanged, refresh);
  useSocketEvent(socket, 'connect', refresh);

  // Back from a visit: focus returns to the row it was opened from.
  useEffect(() => {
    if (openId !== null || lastOpened.current === null) return;
    const id = lastOpened.current;
    lastOpened.current = null;
    const button = document.querySelector<HTMLElement>(`[data-open-visit="${CSS.escape(id)}"]`);
    button?.focus();
  }, [openId]);

  if (openId) {
    return (
      <PharmacyRxDetailView
        key={openId}
        visitId={openId}
        me={me}
        onBack={() => {
          lastOpened.current = openId;
          refresh();
          setParams({});
        }}
      />
    );
  }

  const data = search.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const counts = data?.counts ?? {};

  let list: ReactNode;
  if (search.isPending) {
    list = <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  } else if (search.isError) {
    list = (
      <Alert color="red" role="alert" data-testid="pharmacy-rx-error">
        <Stack gap="xs">
          <Text size="sm">{errorText(t, search.error)}</Text>
          <Button size="xs" variant="light" w="fit-content" onClick={() => void search.refetch()}>
            {t('pharmacyScreens.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (search.data.visits.length === 0) {
    list = (
      <Text c="dimmed" data-testid="pharmacy-rx-empty">
        {state.query
          ? t('pharmacyScreens.list.noMatch', { query: state.query })
          : t('pharmacyScreens.list.empty')}
      </Text>
    );
  } else {
    list = (
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
            onOpen={() => setParams({ visit: row.id })}
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

  return (
    <Stack gap="md">
      <search aria-label={t('pharmacyScreens.search.label')}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ type: 'search', query: searchText });
          }}
        >
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={t('pharmacyScreens.search.label')}
              description={t('pharmacyScreens.search.hint')}
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
              maxLength={100}
              style={{ flex: '1 1 240px' }}
              data-testid="pharmacy-search"
            />
            <Button type="submit" data-testid="pharmacy-search-submit">
              {t('pharmacyScreens.search.submit')}
            </Button>
            {state.query ? (
              <Button
                variant="default"
                onClick={() => {
                  setSearchText('');
                  dispatch({ type: 'search', query: '' });
                }}
              >
                {t('pharmacyScreens.search.clear')}
              </Button>
            ) : null}
          </Group>
        </form>
      </search>
      {/* Issue 20: a visit found by the pharmacy's own external code opens at once. */}
      <FindByCodeForm onFound={(visitId) => setParams({ visit: visitId })} />

      <Tabs
        value={state.tab}
        onChange={(value) => {
          if (isDashboardTab(value)) dispatch({ type: 'tab', tab: value });
        }}
        variant="outline"
      >
        <Tabs.List aria-label={t('pharmacyScreens.tabs.label')}>
          {dashboardTabOrder.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              data-testid={`pharmacy-tab-${tab}`}
              leftSection={tab === 'all' ? null : <StatusDot colour={pharmacyStatusColour(tab)} />}
              rightSection={
                <Group component="span" gap={4} wrap="nowrap">
                  <Badge component="span" variant="light" color="gray" tt="none" radius="sm">
                    {tabCount(counts, tab)}
                  </Badge>
                  {tab === 'unclaimed' && data && data.newUnclaimed > 0 ? (
                    <Badge
                      component="span"
                      variant="filled"
                      color="red"
                      tt="none"
                      radius="sm"
                      data-testid="pharmacy-new-unclaimed"
                    >
                      {t('pharmacyScreens.tabs.new', { count: data.newUnclaimed })}
                    </Badge>
                  ) : null}
                </Group>
              }
            >
              {tab === 'all' ? t('pharmacyScreens.tabs.all') : t(pharmacyStatusLabelKey(tab))}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={state.tab} pt="md">
          <Stack gap="md" aria-busy={search.isFetching}>
            {data && data.visits.length > 0 ? (
              <BulkMove
                rows={data.visits}
                selected={selected}
                setSelected={setSelected}
                onDone={refresh}
              />
            ) : null}
            {list}
            {data && data.total > 0 ? (
              <Pager
                page={state.page}
                total={data.total}
                pageSize={data.pageSize}
                onPage={(page) => dispatch({ type: 'page', page, pages })}
                testId="pharmacy-pager"
              />
            ) : null}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * /prescriptions (spec section 2: the pharmacist dashboard; the route guard admits the
 * pharmacist role and 'readyrx'). An unverified organisation sees 'Verified account only...'.
 */
export function PrescriptionsScreen() {
  const t = useT();
  return (
    <Stack p="md" maw={1100} mx="auto" w="100%" data-screen="prescriptions">
      <Title order={1} size="h2">
        {t('pharmacyScreens.dashboard.title')}
      </Title>
      <PharmacyVerifiedGate>{(me) => <PrescriptionsDashboard me={me} />}</PharmacyVerifiedGate>
    </Stack>
  );
}

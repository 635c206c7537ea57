import type { PharmacyMe } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { Stack, Tabs, Title } from '@mantine/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pager } from '../../../components/pager';
import { useT } from '../../../lib/i18n';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import { usePharmacyRxSearch, useRefreshPharmacyRx } from '../api/search-pharmacy-rx';
import { FindByCodeForm } from '../components/find-by-code-form';
import { BulkMove } from '../components/pharmacy-bulk-move';
import {
  dashboardReducer,
  initialDashboardState,
  isDashboardTab,
  pageCount,
  searchRequestOf,
} from '../components/pharmacy-dashboard';
import { PharmacyRxDetailView } from '../components/pharmacy-rx-detail';
import { PharmacyRxList } from '../components/pharmacy-rx-list';
import { PharmacyRxSearch } from '../components/pharmacy-rx-search';
import { PharmacyRxTabsList } from '../components/pharmacy-rx-tabs';
import { PharmacyVerifiedGate } from '../components/pharmacy-verified-gate';

/**
 * The dashboard: a tab per pharmacy status in the spec's order (and All), each with its count
 * and colour, Unclaimed first chosen with its new visits; a search (visit id, patient, date)
 * sent in the POST body; pages with the shared Pager (its total too); the visit opens below the title (`?visit=<id>`, so Back works).
 * `pharmacyQueueChanged` makes it fetch again.
 */
export function PrescriptionsDashboard({ me }: { me: PharmacyMe }) {
  const socket = useSocket();
  const [params, setParams] = useSearchParams();
  const openId = params.get('visit');
  const [state, dispatch] = useReducer(dashboardReducer, initialDashboardState);
  const [searchText, setSearchText] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const lastOpened = useRef<string | null>(null);
  const search = usePharmacyRxSearch(searchRequestOf(state));
  const refresh = useRefreshPharmacyRx();
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
  return (
    <Stack gap="md">
      <PharmacyRxSearch
        text={searchText}
        setText={setSearchText}
        query={state.query}
        onSearch={(query) => dispatch({ type: 'search', query })}
      />
      {/* A visit found by the pharmacy's own external code opens at once. */}
      <FindByCodeForm onFound={(visitId) => setParams({ visit: visitId })} />

      <Tabs
        value={state.tab}
        onChange={(value) => {
          if (isDashboardTab(value)) dispatch({ type: 'tab', tab: value });
        }}
        variant="outline"
      >
        <PharmacyRxTabsList data={data} />
        <Tabs.Panel value={state.tab} pt="md">
          <Stack gap="md" aria-busy={search.isFetching}>
            {data && data.visits.length > 0 ? (
              <BulkMove rows={data.visits} selected={selected} setSelected={setSelected} />
            ) : null}
            <PharmacyRxList
              search={search}
              query={state.query}
              selected={selected}
              setSelected={setSelected}
              onOpen={(visitId) => setParams({ visit: visitId })}
            />
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

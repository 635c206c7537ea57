import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePharmacyMe } from '../../pharmacy/api/get-pharmacy-me';
import type { RangeAsked } from '../api/analytics-range';
import { useAnalyticsAttribution } from '../api/get-analytics-attribution';
import { useAnalyticsLogins } from '../api/get-analytics-logins';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { useAnalyticsReferrals } from '../api/get-analytics-referrals';
import { AttributionPanel } from '../components/attribution-panel';
import { LoginsPanel } from '../components/logins-panel';
import { OverviewPanel } from '../components/overview-panel';
import { PanelState } from '../components/panel-state';
import { RangePicker } from '../components/range-picker';
import { ReferralsPanel } from '../components/referrals-panel';

const tabs = ['overview', 'logins', 'attribution', 'referrals'] as const;
type AnalyticsTab = (typeof tabs)[number];
const isTab = (value: string | null): value is AnalyticsTab =>
  (tabs as readonly (string | null)[]).includes(value);

/**
 * /analytics (spec sections 2 and 6: the pharmacy organisation's analytics, logins, attribution
 * and referrals): one screen with a tab each and one date range for all. The tab and
 * the days are in the address (`?tab=logins&from=2026-11-01&to=2026-11-25`; dates, not PHI), so
 * Back and a reload keep them. Only the open tab asks the server. The pharmacy's administrator
 * only (route guard step 4f; the server answers a pharmacist 403).
 */
export function AnalyticsScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: AnalyticsTab = isTab(tabParam) ? tabParam : 'overview';
  const range: RangeAsked = {
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
  const me = usePharmacyMe();
  const pharmacyId = me.data?.organization.id;
  const enabled = (which: AnalyticsTab) => pharmacyId !== undefined && tab === which;
  const id = pharmacyId ?? '';

  const overview = useAnalyticsOverview(id, range, { enabled: enabled('overview') });
  const logins = useAnalyticsLogins(id, range, { enabled: enabled('logins') });
  const attribution = useAnalyticsAttribution(id, range, { enabled: enabled('attribution') });
  const referrals = useAnalyticsReferrals(id, range, { enabled: enabled('referrals') });
  const current = { overview, logins, attribution, referrals }[tab];

  const navigate = (next: { tab?: AnalyticsTab; range?: RangeAsked }) => {
    const nextTab = next.tab ?? tab;
    const nextRange = next.range ?? range;
    const query: Record<string, string> = {};
    if (nextTab !== 'overview') query.tab = nextTab;
    if (nextRange.from) query.from = nextRange.from;
    if (nextRange.to) query.to = nextRange.to;
    setParams(query);
  };

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="analytics">
      <Title order={1} size="h2">
        {t('analyticsUi.title')}
      </Title>
      <Text c="dimmed">{t('analyticsUi.lead')}</Text>
      {me.error ? (
        <Alert color="red" role="alert">
          {t('analyticsUi.loadFailed', { message: errorText(t, me.error) })}
        </Alert>
      ) : null}
      <RangePicker shown={current.data?.range} onApply={(next) => navigate({ range: next })} />
      <Tabs
        value={tab}
        onChange={(value) => navigate({ tab: isTab(value) ? value : 'overview' })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('analyticsUi.tabs.label')}>
          {tabs.map((which) => (
            <Tabs.Tab key={which} value={which} data-testid={`analytics-tab-${which}`}>
              {t(`analyticsUi.tabs.${which}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          {overview.data ? <OverviewPanel data={overview.data} /> : null}
          <PanelState isPending={overview.isPending} error={overview.error} />
        </Tabs.Panel>
        <Tabs.Panel value="logins" pt="md">
          {logins.data ? <LoginsPanel data={logins.data} /> : null}
          <PanelState isPending={logins.isPending} error={logins.error} />
        </Tabs.Panel>
        <Tabs.Panel value="attribution" pt="md">
          {attribution.data ? <AttributionPanel data={attribution.data} /> : null}
          <PanelState isPending={attribution.isPending} error={attribution.error} />
        </Tabs.Panel>
        <Tabs.Panel value="referrals" pt="md">
          {referrals.data ? <ReferralsPanel data={referrals.data} /> : null}
          <PanelState isPending={referrals.isPending} error={referrals.error} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

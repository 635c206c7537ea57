import type { PharmacyRxSearchResponse } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import {
  pharmacyStatusColour,
  pharmacyStatusLabelKey,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { Badge, Group, Tabs } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { dashboardTabOrder, tabCount } from './pharmacy-dashboard';
import { StatusDot } from './pharmacy-status-chip';

/** The dashboard's tabs: one per status (and All) with its colour and count, Unclaimed's new ones. */
export function PharmacyRxTabsList({ data }: { data: PharmacyRxSearchResponse | undefined }) {
  const t = useT();
  const counts = data?.counts ?? {};
  return (
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
  );
}

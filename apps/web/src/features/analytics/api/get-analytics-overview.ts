import {
  type AnalyticsOverview,
  analyticsOverviewResponseSchema,
} from '@apothecall/domain/analytics/analytics.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { analyticsPath, type RangeAsked, rangeQuery } from './analytics-range';

export const analyticsOverviewQueryKey = (pharmacyId: string, range: RangeAsked) =>
  ['analytics', 'overview', pharmacyId, range.from ?? '', range.to ?? ''] as const;

/** GET /pharmacy/analytics/:pharmacyId?from=&to=: visits, money, conversion, time to claim. */
export async function getAnalyticsOverview(
  pharmacyId: string,
  range: RangeAsked,
): Promise<AnalyticsOverview> {
  const { error: _error, ...overview } = await apiCall(
    `${analyticsPath(pharmacyId)}${rangeQuery(range)}`,
    { schema: analyticsOverviewResponseSchema },
  );
  return overview;
}

/** The overview tab's figures for a pharmacy and range. */
export function useAnalyticsOverview(
  pharmacyId: string,
  range: RangeAsked,
  options?: QueryOptions<AnalyticsOverview>,
) {
  return useCallQuery(
    analyticsOverviewQueryKey(pharmacyId, range),
    () => getAnalyticsOverview(pharmacyId, range),
    options,
  );
}

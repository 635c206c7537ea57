import {
  type AnalyticsAttribution,
  analyticsAttributionResponseSchema,
} from '@apothecall/domain/analytics/analytics.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { analyticsPath, type RangeAsked, rangeQuery } from './analytics-range';

export const analyticsAttributionQueryKey = (pharmacyId: string, range: RangeAsked) =>
  ['analytics', 'attribution', pharmacyId, range.from ?? '', range.to ?? ''] as const;

/** GET /pharmacy/analytics/:pharmacyId/attribution?from=&to=: visits by source, link, brand. */
export async function getAnalyticsAttribution(
  pharmacyId: string,
  range: RangeAsked,
): Promise<AnalyticsAttribution> {
  const { error: _error, ...attribution } = await apiCall(
    `${analyticsPath(pharmacyId, '/attribution')}${rangeQuery(range)}`,
    { schema: analyticsAttributionResponseSchema },
  );
  return attribution;
}

/** The attribution tab's figures for a pharmacy and range. */
export function useAnalyticsAttribution(
  pharmacyId: string,
  range: RangeAsked,
  options?: QueryOptions<AnalyticsAttribution>,
) {
  return useCallQuery(
    analyticsAttributionQueryKey(pharmacyId, range),
    () => getAnalyticsAttribution(pharmacyId, range),
    options,
  );
}

import {
  type AnalyticsLogins,
  analyticsLoginsResponseSchema,
} from '@apothecall/domain/analytics/analytics.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { analyticsPath, type RangeAsked, rangeQuery } from './analytics-range';

export const analyticsLoginsQueryKey = (pharmacyId: string, range: RangeAsked) =>
  ['analytics', 'logins', pharmacyId, range.from ?? '', range.to ?? ''] as const;

/** GET /pharmacy/analytics/:pharmacyId/logins?from=&to=: the staff and their login history. */
export async function getAnalyticsLogins(
  pharmacyId: string,
  range: RangeAsked,
): Promise<AnalyticsLogins> {
  const { error: _error, ...logins } = await apiCall(
    `${analyticsPath(pharmacyId, '/logins')}${rangeQuery(range)}`,
    { schema: analyticsLoginsResponseSchema },
  );
  return logins;
}

/** The logins tab's figures for a pharmacy and range. */
export function useAnalyticsLogins(
  pharmacyId: string,
  range: RangeAsked,
  options?: QueryOptions<AnalyticsLogins>,
) {
  return useCallQuery(
    analyticsLoginsQueryKey(pharmacyId, range),
    () => getAnalyticsLogins(pharmacyId, range),
    options,
  );
}

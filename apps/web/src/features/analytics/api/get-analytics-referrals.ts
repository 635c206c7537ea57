import {
  type AnalyticsReferrals,
  analyticsReferralsResponseSchema,
} from '@apothecall/domain/analytics/analytics.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { analyticsPath, type RangeAsked, rangeQuery } from './analytics-range';

export const analyticsReferralsQueryKey = (pharmacyId: string, range: RangeAsked) =>
  ['analytics', 'referrals', pharmacyId, range.from ?? '', range.to ?? ''] as const;

/** GET /pharmacy/analytics/:pharmacyId/referrals?from=&to=: codes and their transactions. */
export async function getAnalyticsReferrals(
  pharmacyId: string,
  range: RangeAsked,
): Promise<AnalyticsReferrals> {
  const { error: _error, ...referrals } = await apiCall(
    `${analyticsPath(pharmacyId, '/referrals')}${rangeQuery(range)}`,
    { schema: analyticsReferralsResponseSchema },
  );
  return referrals;
}

/** The referrals tab's figures for a pharmacy and range. */
export function useAnalyticsReferrals(
  pharmacyId: string,
  range: RangeAsked,
  options?: QueryOptions<AnalyticsReferrals>,
) {
  return useCallQuery(
    analyticsReferralsQueryKey(pharmacyId, range),
    () => getAnalyticsReferrals(pharmacyId, range),
    options,
  );
}

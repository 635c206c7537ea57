import {
  type AnalyticsLogins,
  analyticsLoginsResponseSchema,
} from '@apothecall/domain/analytics/analytics.api';
import { apiCall } from '../../../lib/api-client';
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

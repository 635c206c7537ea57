import {
  type RxAdminResponse,
  type RxAdminSubscribersSearch,
  type RxAdminSubscribersSearchResponse,
  rxAdminResponseSchema,
  rxAdminSubscribersSearchResponseSchema,
  rxAdminSubscribersSearchSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export type RxAdminSubscriptions = RxAdminResponse;

export const rxAdminSubscriptionsQueryKey = ['subscriptions', 'rxadmin'] as const;

/**
 * GET /rxadmin/subscriptions: the company's subscribers and its revenue by month (oldest
 * first). 403 for anyone who is not the company's rx-subscription administrator.
 */
export function getRxAdminSubscriptions(): Promise<RxAdminSubscriptions> {
  return apiCall('/rxadmin/subscriptions', { schema: rxAdminResponseSchema });
}

export const rxAdminSubscribersSearchQueryKey = (request: RxAdminSubscribersSearch) =>
  [...rxAdminSubscriptionsQueryKey, 'search', request] as const;

/** POST /rxadmin/subscriptions/search: one page of the subscribers, newest first. */
export function searchRxAdminSubscribers(
  request: RxAdminSubscribersSearch,
): Promise<RxAdminSubscribersSearchResponse> {
  return apiCall('/rxadmin/subscriptions/search', {
    method: 'POST',
    body: rxAdminSubscribersSearchSchema.parse(request),
    schema: rxAdminSubscribersSearchResponseSchema,
  });
}

/** The Rx admin's overview. */
export function useRxAdminSubscriptions(options?: QueryOptions<RxAdminSubscriptions>) {
  return useCallQuery(rxAdminSubscriptionsQueryKey, getRxAdminSubscriptions, options);
}

/** The subscribers a search asks for (a page). */
export function useRxAdminSubscribers(
  request: RxAdminSubscribersSearch,
  options?: QueryOptions<RxAdminSubscribersSearchResponse>,
) {
  return useCallQuery(
    rxAdminSubscribersSearchQueryKey(request),
    () => searchRxAdminSubscribers(request),
    options,
  );
}

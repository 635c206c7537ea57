import { rxVisitsResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery, useRefresh } from '../../../lib/call-hooks';

export type RxVisits = z.infer<typeof rxVisitsResponseSchema>;

export const rxVisitsQueryKey = ['rx', 'visits'] as const;

/** GET /rx/visits: every visit of the account, newest first, and whether one waits for uploads. */
export function getRxVisits(): Promise<RxVisits> {
  return apiCall('/rx/visits', { schema: rxVisitsResponseSchema });
}

/** The account's Rx visits, kept fresh by the Rx pushes (rx-visits-watcher). */
export function useRxVisits(options?: QueryOptions<RxVisits>) {
  return useCallQuery(rxVisitsQueryKey, getRxVisits, options);
}

/** Marks the account's visits stale (after an upload the visit asked for). */
export function useRefreshRxVisits() {
  return useRefresh(rxVisitsQueryKey);
}

/** The cached visits, read and changed in place (a push applied before they are asked again). */
export function useRxVisitsCache() {
  const queryClient = useQueryClient();
  return {
    read: () => queryClient.getQueryData<RxVisits>(rxVisitsQueryKey),
    update: (change: (old: RxVisits | undefined) => RxVisits | undefined) =>
      queryClient.setQueryData<RxVisits>(rxVisitsQueryKey, change),
  };
}

import { type HomeCount, homeCountsResponseSchema } from '@apothecall/domain/home/home-counts.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const homeCountsQueryKey = ['home', 'counts'] as const;

/** GET /home/counts: what the staff member's role has to act on. */
export async function getHomeCounts(): Promise<HomeCount[]> {
  return (await apiCall('/home/counts', { schema: homeCountsResponseSchema })).counts;
}

/** The staff member's counts. */
export function useHomeCounts(options?: QueryOptions<HomeCount[]>) {
  return useCallQuery(homeCountsQueryKey, getHomeCounts, options);
}

import {
  type InboxThreadsResponse,
  inboxThreadsResponseSchema,
} from '@apothecall/domain/inbox/inbox.api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

/** Every inbox query starts with this, so one invalidation refreshes the list and the threads. */
export const inboxQueryKey = ['inbox'] as const;
export const inboxThreadsQueryKey = (page: number) => [...inboxQueryKey, 'threads', page] as const;

/** GET /pharmacy/inbox?page=: the pharmacy's address and its threads, newest first. */
export function getInboxThreads(page: number): Promise<InboxThreadsResponse> {
  return apiCall(`/pharmacy/inbox?page=${encodeURIComponent(String(page))}`, {
    schema: inboxThreadsResponseSchema,
  });
}

/** One page of the inbox's threads. */
export function useInboxThreads(page: number, options?: QueryOptions<InboxThreadsResponse>) {
  return useCallQuery(inboxThreadsQueryKey(page), () => getInboxThreads(page), options);
}

/** Puts a page of the inbox into the cache once, when mounted (a failure is left for the list). */
export function usePrefetchInboxThreads(page: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery({
      queryKey: inboxThreadsQueryKey(page),
      queryFn: () => getInboxThreads(page),
    });
  }, [queryClient, page]);
}

import {
  type InboxThreadsResponse,
  inboxThreadsResponseSchema,
} from '@apothecall/domain/inbox/inbox.api';
import { apiCall } from '../../../lib/api-client';

/** Every inbox query starts with this, so one invalidation refreshes the list and the threads. */
export const inboxQueryKey = ['inbox'] as const;
export const inboxThreadsQueryKey = (page: number) => [...inboxQueryKey, 'threads', page] as const;

/** GET /pharmacy/inbox?page=: the pharmacy's address and its threads, newest first. */
export function getInboxThreads(page: number): Promise<InboxThreadsResponse> {
  return apiCall(`/pharmacy/inbox?page=${encodeURIComponent(String(page))}`, {
    schema: inboxThreadsResponseSchema,
  });
}

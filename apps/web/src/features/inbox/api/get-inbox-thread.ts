import {
  type InboxThreadResponse,
  inboxThreadResponseSchema,
} from '@apothecall/domain/inbox/inbox.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { inboxQueryKey } from './get-inbox-threads';

export const inboxThreadQueryKey = (threadId: string) =>
  [...inboxQueryKey, 'thread', threadId] as const;

/** GET /pharmacy/inbox/threads/:id: a thread's e-mails, oldest first (text only). */
export async function getInboxThread(threadId: string): Promise<InboxThreadResponse['thread']> {
  const { thread } = await apiCall(`/pharmacy/inbox/threads/${encodeURIComponent(threadId)}`, {
    schema: inboxThreadResponseSchema,
  });
  return thread;
}

/** One thread's e-mails. */
export function useInboxThread(
  threadId: string,
  options?: QueryOptions<InboxThreadResponse['thread']>,
) {
  return useCallQuery(inboxThreadQueryKey(threadId), () => getInboxThread(threadId), options);
}

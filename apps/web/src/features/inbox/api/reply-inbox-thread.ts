import {
  type InboxEmailView,
  type InboxReplyRequest,
  inboxReplyRequestSchema,
  inboxReplyResponseSchema,
} from '@apothecall/domain/inbox/inbox.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { inboxQueryKey } from './get-inbox-threads';

/**
 * POST /pharmacy/inbox/threads/:id/reply { text }: sent to the thread's sender through the mail
 * channel, and kept in the thread.
 */
export async function replyInboxThread(
  threadId: string,
  body: InboxReplyRequest,
): Promise<InboxEmailView> {
  const { email } = await apiCall(`/pharmacy/inbox/threads/${encodeURIComponent(threadId)}/reply`, {
    method: 'POST',
    body: inboxReplyRequestSchema.parse(body),
    schema: inboxReplyResponseSchema,
  });
  return email;
}

export interface InboxReply {
  threadId: string;
  body: InboxReplyRequest;
}

/** Sends a reply and refreshes the whole inbox (the list and every thread). */
export function useReplyInboxThread(options?: MutationCallbacks<InboxEmailView, InboxReply>) {
  return useCallMutation(
    ({ threadId, body }: InboxReply) => replyInboxThread(threadId, body),
    () => [inboxQueryKey],
    options,
  );
}

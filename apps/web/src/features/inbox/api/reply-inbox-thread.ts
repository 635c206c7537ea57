import {
  type InboxEmailView,
  type InboxReplyRequest,
  inboxReplyRequestSchema,
  inboxReplyResponseSchema,
} from '@apothecall/domain/inbox/inbox.api';
import { apiCall } from '../../../lib/api-client';

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

import {
  type Conversation,
  type conversationRequestSchema,
  conversationResponseSchema,
} from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

export const conversationQueryKey = (visitId: string) => ['care', 'conversation', visitId] as const;

/** POST /getConversation { visitId }: the visit's messages, oldest first. */
export function getConversation(
  body: z.input<typeof conversationRequestSchema>,
): Promise<Conversation> {
  return apiCall('/getConversation', {
    method: 'POST',
    body,
    schema: conversationResponseSchema,
  });
}

/** A visit's messages. */
export function useConversation(visitId: string) {
  return useCallQuery(conversationQueryKey(visitId), () => getConversation({ visitId }));
}

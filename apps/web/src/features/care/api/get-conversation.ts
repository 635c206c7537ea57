import type { conversationRequestSchema } from '@apothecall/domain/care/visits.api';
import { messageSchema } from '@apothecall/domain/messaging/messaging.schemas';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export const conversationResponseSchema = z.object({
  error: z.literal(false),
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationResponseSchema>;

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

import { type RxMessage, rxMessagesResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

export const rxMessagesQueryKey = (visitId: string) => ['rx', 'messages', visitId] as const;

/** GET /rx/visits/:id/messages: the visit's messages with the prescriber, oldest first. */
export async function getRxMessages(visitId: string): Promise<RxMessage[]> {
  const { messages } = await apiCall(`/rx/visits/${encodeURIComponent(visitId)}/messages`, {
    schema: rxMessagesResponseSchema,
  });
  return messages;
}

import {
  type RxMessage,
  rxMessagesResponseSchema,
  rxSendMessageRequestSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

/** POST /rx/visits/:id/messages { text }: answers the visit's messages. */
export async function sendRxMessage(visitId: string, text: string): Promise<RxMessage[]> {
  const { messages } = await apiCall(`/rx/visits/${encodeURIComponent(visitId)}/messages`, {
    method: 'POST',
    body: rxSendMessageRequestSchema.parse({ text }),
    schema: rxMessagesResponseSchema,
  });
  return messages;
}

import {
  type RxMessage,
  rxMessagesResponseSchema,
  rxSendMessageRequestSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

/** POST /clinic/rx/:id/messages { text }: the prescriber writes to the patient. */
export async function clinicSendRxMessage(visitId: string, text: string): Promise<RxMessage[]> {
  const { messages } = await apiCall(`/clinic/rx/${encodeURIComponent(visitId)}/messages`, {
    method: 'POST',
    body: rxSendMessageRequestSchema.parse({ text }),
    schema: rxMessagesResponseSchema,
  });
  return messages;
}

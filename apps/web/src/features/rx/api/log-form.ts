import { okResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

/** POST /log-form: which step of a treatment's flow was reached (never the answers). */
export async function logForm(productId: string, step: string): Promise<void> {
  await apiCall('/log-form', {
    method: 'POST',
    body: { productId, step },
    schema: okResponseSchema,
  });
}

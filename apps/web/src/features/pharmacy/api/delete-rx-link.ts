import { okResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

/** DELETE /pharmacy/links/:id: the link stops working for new customers. */
export async function deleteRxLink(linkId: string): Promise<void> {
  await apiCall(`/pharmacy/links/${encodeURIComponent(linkId)}`, {
    method: 'DELETE',
    schema: okResponseSchema,
  });
}

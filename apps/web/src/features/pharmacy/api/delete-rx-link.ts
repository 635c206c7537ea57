import { okResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { rxLinksQueryKey } from './get-rx-links';

/** DELETE /pharmacy/links/:id: the link stops working for new customers. */
export async function deleteRxLink(linkId: string): Promise<void> {
  await apiCall(`/pharmacy/links/${encodeURIComponent(linkId)}`, {
    method: 'DELETE',
    schema: okResponseSchema,
  });
}

/** Deletes a link; every query of the links is asked again. */
export function useDeleteRxLink(options?: MutationCallbacks<void, string>) {
  return useCallMutation(deleteRxLink, () => [rxLinksQueryKey], options);
}

import { okResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import { documentRemoveRequestSchema } from '@apothecall/domain/documents/documents.schemas';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { documentsRootQueryKey } from './get-patient-docs';

/** POST /documents-remove: one of the family's own uploads (a row marked `removable`). */
export async function removeDocument(token: string): Promise<void> {
  await apiCall('/documents-remove', {
    method: 'POST',
    body: documentRemoveRequestSchema.parse({ token }),
    schema: okResponseSchema,
  });
}

/** Removes an uploaded document (by its token) and refreshes every documents list. */
export function useRemoveDocument(options?: MutationCallbacks<void, string>) {
  return useCallMutation(removeDocument, () => [documentsRootQueryKey], options);
}

import { setVerifyIdVisibilityRequestSchema } from '@apothecall/domain/rx/rx-verify-id.api';
import { okResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { rxVisitsQueryKey } from './get-rx-visits';
import { familyIdDocsQueryKey } from './get-verify-id-family-docs';

/** POST /set-verifyId-Visibility { verifyId, hide }: hides a photo ID from pharmacies or shows it. */
export async function setVerifyIdVisibility(verifyId: string, hide: boolean): Promise<void> {
  await apiCall('/set-verifyId-Visibility', {
    method: 'POST',
    body: setVerifyIdVisibilityRequestSchema.parse({ verifyId, hide }),
    schema: okResponseSchema,
  });
}

/** Hides or shows a photo ID; the family's IDs and the account's visits are asked again. */
export function useSetVerifyIdVisibility(
  options?: MutationCallbacks<void, { id: string; hide: boolean }>,
) {
  return useCallMutation(
    ({ id, hide }: { id: string; hide: boolean }) => setVerifyIdVisibility(id, hide),
    () => [familyIdDocsQueryKey, rxVisitsQueryKey],
    options,
  );
}

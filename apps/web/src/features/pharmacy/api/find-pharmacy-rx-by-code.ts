import { externalCodeFindResponseSchema } from '@apothecall/domain/rx-codes/rx-codes.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/**
 * POST /pharmacy/rx-codes/find: the visit of my pharmacy with this external code (case
 * ignored); 404 with the server's sentence when none has it. The code travels in the body.
 */
export async function findPharmacyRxByCode(code: string): Promise<{ visitId: string }> {
  const found = await apiCall('/pharmacy/rx-codes/find', {
    method: 'POST',
    body: { code },
    schema: externalCodeFindResponseSchema,
  });
  return { visitId: found.visitId };
}

/** Finds a visit by its external code (nothing cached changes). */
export function useFindPharmacyRxByCode(options?: MutationCallbacks<{ visitId: string }, string>) {
  return useCallMutation(findPharmacyRxByCode, () => [], options);
}

import type { PharmacistView } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { pharmacistsQueryKey } from './get-pharmacists';
import { pharmacistResponseSchema } from './invite-pharmacist';

/** POST /pharmacy/pharmacists/:id/revoke: ends a pharmacist's grant (administrator). */
export async function revokePharmacist(pharmacistId: string): Promise<PharmacistView> {
  const { pharmacist } = await apiCall(
    `/pharmacy/pharmacists/${encodeURIComponent(pharmacistId)}/revoke`,
    { method: 'POST', body: {}, schema: pharmacistResponseSchema },
  );
  return pharmacist;
}

/** Revokes a pharmacist's grant; the pharmacists are asked again. */
export function useRevokePharmacist(options?: MutationCallbacks<PharmacistView, string>) {
  return useCallMutation(revokePharmacist, () => [pharmacistsQueryKey], options);
}

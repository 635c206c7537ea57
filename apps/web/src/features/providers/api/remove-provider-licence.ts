import {
  type ProviderAdminView,
  providerResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useProviderChange } from './get-provider';

/** DELETE /admin/providers/:id/licences/:state: removes a licence (admin). */
export async function removeProviderLicence(id: string, state: string): Promise<ProviderAdminView> {
  const { provider } = await apiCall(
    `/admin/providers/${encodeURIComponent(id)}/licences/${encodeURIComponent(state)}`,
    { method: 'DELETE', schema: providerResponseSchema },
  );
  return provider;
}

export interface ProviderLicenceRemoval {
  id: string;
  state: string;
}

/** Removes a licence; the answer is the provider's entry and the list is refreshed. */
export function useRemoveProviderLicence(
  options?: MutationCallbacks<ProviderAdminView, ProviderLicenceRemoval>,
) {
  return useProviderChange(
    ({ id, state }: ProviderLicenceRemoval) => removeProviderLicence(id, state),
    (provider) => provider,
    options,
  );
}

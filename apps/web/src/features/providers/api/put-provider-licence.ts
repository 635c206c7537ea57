import {
  type ProviderAdminView,
  type PutLicenceRequest,
  providerResponseSchema,
  putLicenceRequestSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useProviderChange } from './get-provider';

/** PUT /admin/providers/:id/licences/:state: adds or replaces a licence (admin). */
export async function putProviderLicence(
  id: string,
  state: string,
  body: PutLicenceRequest,
): Promise<ProviderAdminView> {
  const { provider } = await apiCall(
    `/admin/providers/${encodeURIComponent(id)}/licences/${encodeURIComponent(state)}`,
    { method: 'PUT', body: putLicenceRequestSchema.parse(body), schema: providerResponseSchema },
  );
  return provider;
}

export interface ProviderLicencePut {
  id: string;
  state: string;
  body: PutLicenceRequest;
}

/** Adds or changes a licence; the answer is the provider's entry and the list is refreshed. */
export function usePutProviderLicence(
  options?: MutationCallbacks<ProviderAdminView, ProviderLicencePut>,
) {
  return useProviderChange(
    ({ id, state, body }: ProviderLicencePut) => putProviderLicence(id, state, body),
    (provider) => provider,
    options,
  );
}

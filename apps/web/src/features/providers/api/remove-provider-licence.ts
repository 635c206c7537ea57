import {
  type ProviderAdminView,
  providerResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';

/** DELETE /admin/providers/:id/licences/:state: removes a licence (admin). */
export async function removeProviderLicence(id: string, state: string): Promise<ProviderAdminView> {
  const { provider } = await apiCall(
    `/admin/providers/${encodeURIComponent(id)}/licences/${encodeURIComponent(state)}`,
    { method: 'DELETE', schema: providerResponseSchema },
  );
  return provider;
}

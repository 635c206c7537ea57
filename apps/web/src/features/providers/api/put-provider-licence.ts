import {
  type ProviderAdminView,
  type PutLicenceRequest,
  providerResponseSchema,
  putLicenceRequestSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';

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

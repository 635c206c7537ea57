import {
  type ProviderAdminView,
  providerResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';
import { providersQueryKey } from './get-providers';

export const providerQueryKey = (id: string) => [...providersQueryKey, id] as const;

/** GET /admin/providers/:id: one provider's profile, licences, duty and access. */
export async function getProvider(id: string): Promise<ProviderAdminView> {
  const { provider } = await apiCall(`/admin/providers/${encodeURIComponent(id)}`, {
    schema: providerResponseSchema,
  });
  return provider;
}

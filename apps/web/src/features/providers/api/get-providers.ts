import {
  type ProviderAdminView,
  providersListResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const providersQueryKey = ['admin', 'providers'] as const;

/** GET /admin/providers: every provider with licences and on duty now (admin, support). */
export async function getProviders(): Promise<ProviderAdminView[]> {
  const { providers } = await apiCall('/admin/providers', { schema: providersListResponseSchema });
  return providers;
}

/** Every provider. */
export function useProviders(options?: QueryOptions<ProviderAdminView[]>) {
  return useCallQuery(providersQueryKey, getProviders, options);
}

import {
  type ProviderAdminView,
  providersListResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';

export const providersQueryKey = ['admin', 'providers'] as const;

/** GET /admin/providers: every provider with licences and on duty now (admin, support). */
export async function getProviders(): Promise<ProviderAdminView[]> {
  const { providers } = await apiCall('/admin/providers', { schema: providersListResponseSchema });
  return providers;
}

import {
  type ProviderAdminView,
  providerResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

const deactivatedSchema = providerResponseSchema.extend({ released: z.number().int() });

/**
 * POST /admin/providers/:id/deactivate: no login, no claim; their visits in progress go back to
 * the line (admin). Answers how many went back.
 */
export async function deactivateProvider(
  id: string,
): Promise<{ provider: ProviderAdminView; released: number }> {
  const { provider, released } = await apiCall(
    `/admin/providers/${encodeURIComponent(id)}/deactivate`,
    { method: 'POST', body: {}, schema: deactivatedSchema },
  );
  return { provider, released };
}

/** POST /admin/providers/:id/reactivate: they may sign in again (admin). */
export async function reactivateProvider(id: string): Promise<ProviderAdminView> {
  const { provider } = await apiCall(`/admin/providers/${encodeURIComponent(id)}/reactivate`, {
    method: 'POST',
    body: {},
    schema: providerResponseSchema,
  });
  return provider;
}

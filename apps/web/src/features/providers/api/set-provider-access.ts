import {
  type ProviderAdminView,
  providerResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useProviderChange } from './get-provider';

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

/** Deactivates a provider (by id); the answer is the provider's entry and the list is refreshed. */
export function useDeactivateProvider(
  options?: MutationCallbacks<{ provider: ProviderAdminView; released: number }, string>,
) {
  return useProviderChange(deactivateProvider, ({ provider }) => provider, options);
}

/** Reactivates a provider (by id); the answer is the provider's entry and the list is refreshed. */
export function useReactivateProvider(options?: MutationCallbacks<ProviderAdminView, string>) {
  return useProviderChange(reactivateProvider, (provider) => provider, options);
}

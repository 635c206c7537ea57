import {
  type ProviderAdminView,
  providerResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { providersQueryKey } from './get-providers';

export const providerQueryKey = (id: string) => [...providersQueryKey, id] as const;

/** GET /admin/providers/:id: one provider's profile, licences, duty and access. */
export async function getProvider(id: string): Promise<ProviderAdminView> {
  const { provider } = await apiCall(`/admin/providers/${encodeURIComponent(id)}`, {
    schema: providerResponseSchema,
  });
  return provider;
}

/** One provider, by id. */
export function useProvider(id: string, options?: QueryOptions<ProviderAdminView>) {
  return useCallQuery(providerQueryKey(id), () => getProvider(id), options);
}

/**
 * A change to a provider the server answers with the provider: the answer (`providerOf`) is
 * the provider's cached entry at once, and the list is refreshed (the provider's entry is under
 * the list's key, so it is asked again too). The screen's own `onSuccess` runs after.
 */
export function useProviderChange<TData, TVariables>(
  change: (variables: TVariables) => Promise<TData>,
  providerOf: (data: TData) => ProviderAdminView,
  options?: MutationCallbacks<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: change,
    onSuccess: (data, variables, onMutateResult, context) => {
      const provider = providerOf(data);
      queryClient.setQueryData(providerQueryKey(provider.id), provider);
      void queryClient.invalidateQueries({ queryKey: providersQueryKey });
      return options?.onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}

import {
  type ProviderAdminView,
  type ProviderPracticeRequest,
  providerPracticeSchema,
  providerResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useProviderChange } from './get-provider';

/** PUT /admin/providers/:id/practice: the practice printed on their notes (admin). */
export async function putProviderPractice(
  id: string,
  body: ProviderPracticeRequest,
): Promise<ProviderAdminView> {
  const { provider } = await apiCall(`/admin/providers/${encodeURIComponent(id)}/practice`, {
    method: 'PUT',
    body: providerPracticeSchema.parse(body),
    schema: providerResponseSchema,
  });
  return provider;
}

export interface ProviderPracticePut {
  id: string;
  body: ProviderPracticeRequest;
}

/** Saves the practice; the answer is the provider's entry and the list is refreshed. */
export function usePutProviderPractice(
  options?: MutationCallbacks<ProviderAdminView, ProviderPracticePut>,
) {
  return useProviderChange(
    ({ id, body }: ProviderPracticePut) => putProviderPractice(id, body),
    (provider) => provider,
    options,
  );
}

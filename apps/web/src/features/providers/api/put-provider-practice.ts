import {
  type ProviderAdminView,
  type ProviderPracticeRequest,
  providerPracticeSchema,
  providerResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';

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

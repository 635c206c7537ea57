import {
  type InviteProviderRequest,
  inviteProviderRequestSchema,
  type ProviderAdminView,
  providerResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';

/** POST /admin/providers/invite: a provider login and its set-password e-mail (admin). */
export async function inviteProvider(body: InviteProviderRequest): Promise<ProviderAdminView> {
  const { provider } = await apiCall('/admin/providers/invite', {
    method: 'POST',
    body: inviteProviderRequestSchema.parse(body),
    schema: providerResponseSchema,
  });
  return provider;
}

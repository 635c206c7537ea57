import {
  type InviteProviderRequest,
  inviteProviderRequestSchema,
  type ProviderAdminView,
  providerResponseSchema,
} from '@apothecall/domain/providers/providers.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { providersQueryKey } from './get-providers';

/** POST /admin/providers/invite: a provider login and its set-password e-mail (admin). */
export async function inviteProvider(body: InviteProviderRequest): Promise<ProviderAdminView> {
  const { provider } = await apiCall('/admin/providers/invite', {
    method: 'POST',
    body: inviteProviderRequestSchema.parse(body),
    schema: providerResponseSchema,
  });
  return provider;
}

/** Invites a provider and refreshes the providers. */
export function useInviteProvider(
  options?: MutationCallbacks<ProviderAdminView, InviteProviderRequest>,
) {
  return useCallMutation(inviteProvider, () => [providersQueryKey], options);
}

import { okResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import { apiCall } from '../../../lib/api-client';

/** DELETE /account/auth-id: this device's credential stops logging in. */
export async function revokeAuthId(authId: string): Promise<void> {
  await apiCall('/account/auth-id', {
    method: 'DELETE',
    body: { authId },
    schema: okResponseSchema,
  });
}

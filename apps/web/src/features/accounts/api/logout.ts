import { okResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import { apiCall } from '../../../lib/api-client';

export async function logout(): Promise<void> {
  await apiCall('/account/logout', { method: 'POST', schema: okResponseSchema });
}

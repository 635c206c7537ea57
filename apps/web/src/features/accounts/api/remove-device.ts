import { okResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import { apiCall } from '../../../lib/api-client';

/** DELETE /account/devices/:id: that device's biometric credential stops logging in. */
export async function removeDevice(id: string): Promise<void> {
  await apiCall(`/account/devices/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: okResponseSchema,
  });
}

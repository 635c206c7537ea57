import { authIdEnrolResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import type { Platform } from '@apothecall/domain/accounts/accounts.schemas';
import { apiCall } from '../../../lib/api-client';

/** POST /account/auth-id: turn biometric login on for this device; answers the credential. */
export async function enrolAuthId(platform: Platform): Promise<string> {
  const answer = await apiCall('/account/auth-id', {
    method: 'POST',
    body: { platform },
    schema: authIdEnrolResponseSchema,
  });
  return answer.authId;
}

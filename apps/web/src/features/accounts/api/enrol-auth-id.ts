import { authIdEnrolResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import type { Platform } from '@apothecall/domain/accounts/accounts.schemas';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /account/auth-id: turn biometric login on for this device; answers the credential. A
 * session whose password proof is older than a few minutes is answered 403 REAUTH_REQUIRED:
 * call again with the `password` the person entered.
 */
export async function enrolAuthId(platform: Platform, password?: string): Promise<string> {
  const answer = await apiCall('/account/auth-id', {
    method: 'POST',
    body: password === undefined ? { platform } : { platform, password },
    schema: authIdEnrolResponseSchema,
  });
  return answer.authId;
}

import {
  type AuthIdLoginRequest,
  type LoginResponse,
  loginResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import { apiCall } from '../../../lib/api-client';

/** POST /account/authIdToken: a biometric login with this device's saved credential. */
export async function logInWithAuthId(body: AuthIdLoginRequest): Promise<LoginResponse> {
  return apiCall('/account/authIdToken', { method: 'POST', body, schema: loginResponseSchema });
}

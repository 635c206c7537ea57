import {
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
} from '@apothecall/domain/accounts/accounts.schemas';
import { apiCall } from '../../../lib/api-client';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiCall('/account/token', { method: 'POST', body, schema: loginResponseSchema });
}

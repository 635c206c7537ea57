import {
  type LoginResponse,
  loginResponseSchema,
  type loginWithCodeRequestSchema,
} from '@apothecall/domain/accounts/accounts.schemas';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** Logs in; `tfaCode` is the second step when the account has two-factor on. */
export function login(body: z.input<typeof loginWithCodeRequestSchema>): Promise<LoginResponse> {
  return apiCall('/account/token', { method: 'POST', body, schema: loginResponseSchema });
}

import {
  type RegisterRequest,
  registerResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export function register(body: RegisterRequest): Promise<z.infer<typeof registerResponseSchema>> {
  return apiCall('/register', { method: 'POST', body, schema: registerResponseSchema });
}

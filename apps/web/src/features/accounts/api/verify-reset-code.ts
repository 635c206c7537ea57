import {
  okResponseSchema,
  type resetCodeRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** Throws ApiError 400 RESET_INVALID (already translated) when the code cannot be used. */
export function verifyResetCode(
  body: z.infer<typeof resetCodeRequestSchema>,
): Promise<z.infer<typeof okResponseSchema>> {
  return apiCall('/resetpw/verify', { method: 'POST', body, schema: okResponseSchema });
}

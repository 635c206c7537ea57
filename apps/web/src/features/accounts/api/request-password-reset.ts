import {
  okResponseSchema,
  type passwordResetRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** Always answers ok: the link goes by e-mail and SMS only when the account exists. */
export function requestPasswordReset(
  body: z.infer<typeof passwordResetRequestSchema>,
): Promise<z.infer<typeof okResponseSchema>> {
  return apiCall('/password-reset', { method: 'POST', body, schema: okResponseSchema });
}

import {
  okResponseSchema,
  type savePasswordRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** Sets the new password with a reset code; the server ends every session of the account. */
export function saveResetPassword(
  body: z.infer<typeof savePasswordRequestSchema>,
): Promise<z.infer<typeof okResponseSchema>> {
  return apiCall('/resetpw/savepw', { method: 'POST', body, schema: okResponseSchema });
}

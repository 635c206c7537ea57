import {
  okResponseSchema,
  type savePasswordRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/** Sets the new password with a reset code; the server ends every session of the account. */
export function saveResetPassword(
  body: z.infer<typeof savePasswordRequestSchema>,
): Promise<z.infer<typeof okResponseSchema>> {
  return apiCall('/resetpw/savepw', { method: 'POST', body, schema: okResponseSchema });
}

/** Saves the new password with the reset code (nothing cached changes). */
export function useSaveResetPassword(
  options?: MutationCallbacks<
    z.infer<typeof okResponseSchema>,
    z.infer<typeof savePasswordRequestSchema>
  >,
) {
  return useCallMutation(saveResetPassword, () => [], options);
}

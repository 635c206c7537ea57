import {
  okResponseSchema,
  type resetCodeRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/** The reset code stops working; the password stays as it was. */
export function cancelResetCode(
  body: z.infer<typeof resetCodeRequestSchema>,
): Promise<z.infer<typeof okResponseSchema>> {
  return apiCall('/resetpw/cancel', { method: 'POST', body, schema: okResponseSchema });
}

/** Cancels a reset code (nothing cached changes). */
export function useCancelResetCode(
  options?: MutationCallbacks<
    z.infer<typeof okResponseSchema>,
    z.infer<typeof resetCodeRequestSchema>
  >,
) {
  return useCallMutation(cancelResetCode, () => [], options);
}

import {
  okResponseSchema,
  type passwordResetRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/** Always answers ok: the link goes by e-mail and SMS only when the account exists. */
export function requestPasswordReset(
  body: z.infer<typeof passwordResetRequestSchema>,
): Promise<z.infer<typeof okResponseSchema>> {
  return apiCall('/password-reset', { method: 'POST', body, schema: okResponseSchema });
}

/** Asks for a reset link by e-mail (nothing cached changes). */
export function useRequestPasswordReset(
  options?: MutationCallbacks<
    z.infer<typeof okResponseSchema>,
    z.infer<typeof passwordResetRequestSchema>
  >,
) {
  return useCallMutation(requestPasswordReset, () => [], options);
}

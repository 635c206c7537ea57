import {
  okResponseSchema,
  type resetCodeRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

/** Throws ApiError 400 RESET_INVALID (already translated) when the code cannot be used. */
export function verifyResetCode(
  body: z.infer<typeof resetCodeRequestSchema>,
): Promise<z.infer<typeof okResponseSchema>> {
  return apiCall('/resetpw/verify', { method: 'POST', body, schema: okResponseSchema });
}

/** Whether a reset code still holds, under its own key. */
export function useResetCodeCheck(
  resetCode: string,
  options?: QueryOptions<z.infer<typeof okResponseSchema>>,
) {
  return useCallQuery(['reset-code', resetCode], () => verifyResetCode({ resetCode }), options);
}

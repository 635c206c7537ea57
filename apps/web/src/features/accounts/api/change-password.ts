import {
  okResponseSchema,
  type passwordChangeRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

/** POST /password-change; the account's other sessions end. */
export async function changePassword(body: PasswordChangeRequest): Promise<void> {
  await apiCall('/password-change', { method: 'POST', body, schema: okResponseSchema });
}

/** Changes the account's password (nothing cached changes). */
export function useChangePassword(options?: MutationCallbacks<void, PasswordChangeRequest>) {
  return useCallMutation(changePassword, () => [], options);
}

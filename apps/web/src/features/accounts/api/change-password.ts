import {
  okResponseSchema,
  type passwordChangeRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

/** POST /password-change; the account's other sessions end. */
export async function changePassword(body: PasswordChangeRequest): Promise<void> {
  await apiCall('/password-change', { method: 'POST', body, schema: okResponseSchema });
}

import {
  okResponseSchema,
  type removeAccountRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type RemoveAccountRequest = z.input<typeof removeAccountRequestSchema>;

/** POST /account/remove { password }: login disabled and every session ended. */
export async function removeAccount(body: RemoveAccountRequest): Promise<void> {
  await apiCall('/account/remove', { method: 'POST', body, schema: okResponseSchema });
}

import {
  type PrepayTokenBulkRequest,
  prepayTokenBulkRequestSchema,
  prepayTokenBulkResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type PrepayBulkResult = z.infer<typeof prepayTokenBulkResponseSchema>;

/**
 * POST /prepay-nonce/bulk: one token per pasted e-mail address or phone number, each sent to
 * its line; answers the tokens made and the lines refused (with why, in the user's language).
 */
export function bulkPrepayTokens(body: PrepayTokenBulkRequest): Promise<PrepayBulkResult> {
  return apiCall('/prepay-nonce/bulk', {
    method: 'POST',
    body: prepayTokenBulkRequestSchema.parse(body),
    schema: prepayTokenBulkResponseSchema,
  });
}

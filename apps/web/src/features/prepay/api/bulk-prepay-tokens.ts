import {
  type PrepayTokenBulkRequest,
  prepayTokenBulkRequestSchema,
  prepayTokenBulkResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { prepayTokensQueryKey } from './get-prepay-tokens';

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

/** Makes tokens in bulk and marks the program's list stale. */
export function useBulkPrepayTokens(
  options?: MutationCallbacks<PrepayBulkResult, PrepayTokenBulkRequest>,
) {
  return useCallMutation(
    bulkPrepayTokens,
    (_result, { programId }) => [prepayTokensQueryKey(programId)],
    options,
  );
}

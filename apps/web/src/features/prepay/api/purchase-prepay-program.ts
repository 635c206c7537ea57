import {
  type PrepayProgramView,
  type PrepayPurchaseRequest,
  prepayProgramResponseSchema,
  prepayPurchaseRequestSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useProgramMutation } from './get-prepay-program';

/**
 * POST /prepay-purchase: a new program of `visitCount` visits, charged visits x the per-visit
 * price to the chosen card (once per idempotency key); answers the new program.
 */
export async function purchasePrepayProgram(
  body: PrepayPurchaseRequest,
): Promise<PrepayProgramView> {
  const { program } = await apiCall('/prepay-purchase', {
    method: 'POST',
    body: prepayPurchaseRequestSchema.parse(body),
    schema: prepayProgramResponseSchema,
  });
  return program;
}

/** Buys a program and keeps the new program. */
export function usePurchasePrepayProgram(
  options?: MutationCallbacks<PrepayProgramView, PrepayPurchaseRequest>,
) {
  return useProgramMutation(purchasePrepayProgram, options);
}

import { type RxVisitView, rxVisitResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { rxVisitsQueryKey } from './get-rx-visits';

export interface RxRefillRequest {
  visitId: string;
  idempotencyKey: string;
}

/** POST /rx/refill: a new visit (waiting for payment) reusing the earlier evaluation. */
export async function requestRxRefill(body: RxRefillRequest): Promise<RxVisitView> {
  const { visit } = await apiCall('/rx/refill', {
    method: 'POST',
    body,
    schema: rxVisitResponseSchema,
  });
  return visit;
}

/** Asks for a refill and refreshes the account's visits (the new one waits for payment). */
export function useRequestRxRefill(options?: MutationCallbacks<RxVisitView, RxRefillRequest>) {
  return useCallMutation(requestRxRefill, () => [rxVisitsQueryKey], options);
}

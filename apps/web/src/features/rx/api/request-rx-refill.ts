import { type RxVisitView, rxVisitResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

/** POST /rx/refill: a new visit (waiting for payment) reusing the earlier evaluation. */
export async function requestRxRefill(body: {
  visitId: string;
  idempotencyKey: string;
}): Promise<RxVisitView> {
  const { visit } = await apiCall('/rx/refill', {
    method: 'POST',
    body,
    schema: rxVisitResponseSchema,
  });
  return visit;
}

import { type RxVisitView, rxVisitResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

/** POST /rx/visits/:id/cancel: while it waits for payment or for review. */
export async function cancelRxVisit(visitId: string): Promise<RxVisitView> {
  const { visit } = await apiCall(`/rx/visits/${encodeURIComponent(visitId)}/cancel`, {
    method: 'POST',
    body: {},
    schema: rxVisitResponseSchema,
  });
  return visit;
}

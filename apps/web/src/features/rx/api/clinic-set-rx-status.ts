import {
  type RxStatusChangeRequest,
  type RxVisitView,
  rxStatusChangeRequestSchema,
  rxVisitResponseSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /clinic/rx/:id/status: exit (ask the patient for more, maybe an upload), ended
 * (approve) or refund (decline and refund).
 */
export async function setClinicRxStatus(
  visitId: string,
  body: RxStatusChangeRequest,
): Promise<RxVisitView> {
  const { visit } = await apiCall(`/clinic/rx/${encodeURIComponent(visitId)}/status`, {
    method: 'POST',
    body: rxStatusChangeRequestSchema.parse(body),
    schema: rxVisitResponseSchema,
  });
  return visit;
}

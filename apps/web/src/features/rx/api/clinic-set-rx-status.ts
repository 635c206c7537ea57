import {
  type RxStatusChangeRequest,
  type RxVisitView,
  rxStatusChangeRequestSchema,
  rxVisitResponseSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useClinicRxChange } from './clinic-get-rx-review';

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

export interface ClinicRxStatusChange {
  visitId: string;
  body: RxStatusChangeRequest;
}

/** Moves the visit under review; the visit it answers is shown, the review and queue asked again. */
export function useSetClinicRxStatus(
  options?: MutationCallbacks<RxVisitView, ClinicRxStatusChange>,
) {
  return useClinicRxChange(
    ({ visitId, body }: ClinicRxStatusChange) => setClinicRxStatus(visitId, body),
    (visit) => ({ visit }),
    options,
  );
}

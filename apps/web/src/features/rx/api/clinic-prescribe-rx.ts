import {
  type RxPrescribeRequest,
  type RxVisitView,
  rxVisitResponseSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useClinicRxChange } from './clinic-get-rx-review';

/** POST /clinic/rx/:id/prescribe: writes the prescription (ended -> rxed). */
export async function prescribeClinicRx(
  visitId: string,
  body: RxPrescribeRequest,
): Promise<RxVisitView> {
  const { visit } = await apiCall(`/clinic/rx/${encodeURIComponent(visitId)}/prescribe`, {
    method: 'POST',
    body,
    schema: rxVisitResponseSchema,
  });
  return visit;
}

export interface ClinicRxPrescription {
  visitId: string;
  body: RxPrescribeRequest;
}

/** Writes the prescription; the visit it answers is shown, the review and queue asked again. */
export function usePrescribeClinicRx(
  options?: MutationCallbacks<RxVisitView, ClinicRxPrescription>,
) {
  return useClinicRxChange(
    ({ visitId, body }: ClinicRxPrescription) => prescribeClinicRx(visitId, body),
    (visit) => ({ visit }),
    options,
  );
}

import {
  type RxPrescribeRequest,
  type RxVisitView,
  rxVisitResponseSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

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

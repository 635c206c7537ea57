import {
  type RxVisitView,
  rxVisitResponseSchema,
  type SubmitRxPaymentRequest,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

/** POST /submit-rx-payment: pays the visit; it then waits for medical review (waiting). */
export async function submitRxPayment(body: SubmitRxPaymentRequest): Promise<RxVisitView> {
  const { visit } = await apiCall('/submit-rx-payment', {
    method: 'POST',
    body,
    schema: rxVisitResponseSchema,
  });
  return visit;
}

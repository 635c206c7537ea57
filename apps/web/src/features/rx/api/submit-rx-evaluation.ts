import {
  type RxVisitView,
  rxVisitResponseSchema,
  type SubmitRxEvaluationRequest,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /submit-rx-evaluation: the answers, the consents and where the patient is; the server
 * evaluates again and creates the visit, waiting for payment (pendingMedPayment).
 */
export async function submitRxEvaluation(body: SubmitRxEvaluationRequest): Promise<RxVisitView> {
  const { visit } = await apiCall('/submit-rx-evaluation', {
    method: 'POST',
    body,
    schema: rxVisitResponseSchema,
  });
  return visit;
}

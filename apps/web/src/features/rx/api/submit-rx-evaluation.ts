import {
  type RxVisitView,
  rxVisitResponseSchema,
  type SubmitRxEvaluationRequest,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { rxVisitsQueryKey } from './get-rx-visits';

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

/** Sends the evaluation; the account's visits are asked again (the new one waits for payment). */
export function useSubmitRxEvaluation(
  options?: MutationCallbacks<RxVisitView, SubmitRxEvaluationRequest>,
) {
  return useCallMutation(submitRxEvaluation, () => [rxVisitsQueryKey], options);
}

import {
  type RxChangeAnswerRequest,
  type RxReview,
  rxChangeAnswerRequestSchema,
  rxReviewResponseSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useClinicRxChange } from './clinic-get-rx-review';

/**
 * POST /clinic/rx/:id/change-request: the prescriber's answer to a pharmacy's request to change
 * the prescription: approve with the new prescription lines, or deny; a note either way.
 */
export async function answerClinicRxChangeRequest(
  visitId: string,
  body: RxChangeAnswerRequest,
): Promise<RxReview> {
  const { review } = await apiCall(`/clinic/rx/${encodeURIComponent(visitId)}/change-request`, {
    method: 'POST',
    body: rxChangeAnswerRequestSchema.parse(body),
    schema: rxReviewResponseSchema,
  });
  return review;
}

export interface ClinicRxChangeAnswer {
  visitId: string;
  body: RxChangeAnswerRequest;
}

/** Answers a pharmacy's change request; the review it answers is shown, then asked again. */
export function useAnswerClinicRxChangeRequest(
  options?: MutationCallbacks<RxReview, ClinicRxChangeAnswer>,
) {
  return useClinicRxChange(
    ({ visitId, body }: ClinicRxChangeAnswer) => answerClinicRxChangeRequest(visitId, body),
    (review) => ({ review }),
    options,
  );
}

import {
  type RxChangeAnswerRequest,
  type RxReview,
  rxChangeAnswerRequestSchema,
  rxReviewResponseSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

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

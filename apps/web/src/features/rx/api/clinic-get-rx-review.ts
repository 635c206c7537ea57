import { type RxReview, rxReviewResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

export const clinicRxReviewQueryKey = (visitId: string) =>
  ['clinic', 'rx', 'review', visitId] as const;

/** GET /clinic/rx/:id: answers, alarms, files, history and messages of a visit under review. */
export async function getClinicRxReview(visitId: string): Promise<RxReview> {
  const { review } = await apiCall(`/clinic/rx/${encodeURIComponent(visitId)}`, {
    schema: rxReviewResponseSchema,
  });
  return review;
}

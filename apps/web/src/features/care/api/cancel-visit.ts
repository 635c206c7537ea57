import { type PatientVisit, patientVisitResponseSchema } from '@apothecall/domain/care/visits.api';
import { apiCall } from '../../../lib/api-client';

/** POST /visits/:id/cancel: a waiting visit is cancelled and its payment refunded. */
export async function cancelVisit(visitId: string): Promise<PatientVisit> {
  const { visit } = await apiCall(`/visits/${encodeURIComponent(visitId)}/cancel`, {
    method: 'POST',
    body: {},
    schema: patientVisitResponseSchema,
  });
  return visit;
}

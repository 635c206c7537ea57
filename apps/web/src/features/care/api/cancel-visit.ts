import { type PatientVisit, patientVisitResponseSchema } from '@apothecall/domain/care/visits.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/** POST /visits/:id/cancel: a waiting visit is cancelled and its payment refunded. */
export async function cancelVisit(visitId: string): Promise<PatientVisit> {
  const { visit } = await apiCall(`/visits/${encodeURIComponent(visitId)}/cancel`, {
    method: 'POST',
    body: {},
    schema: patientVisitResponseSchema,
  });
  return visit;
}

/**
 * Cancels a waiting visit (handed the visit, sent its id). The cache is the screen's to move:
 * the waiting room applies the answer to its live list (useActiveVisits).
 */
export function useCancelVisit(options?: MutationCallbacks<PatientVisit, PatientVisit>) {
  return useCallMutation(
    (visit: PatientVisit) => cancelVisit(visit.visitId),
    () => [],
    options,
  );
}

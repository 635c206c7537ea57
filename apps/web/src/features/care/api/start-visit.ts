import {
  type PatientVisit,
  patientVisitResponseSchema,
  type StartVisitRequest,
} from '@apothecall/domain/care/visits.api';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /visit-start/: pays (credit first, then the chosen card) and puts the visit in the
 * queue. The idempotency key makes a retried start one visit and one charge.
 */
export async function startVisit(body: StartVisitRequest): Promise<PatientVisit> {
  const { visit } = await apiCall('/visit-start/', {
    method: 'POST',
    body,
    schema: patientVisitResponseSchema,
  });
  return visit;
}

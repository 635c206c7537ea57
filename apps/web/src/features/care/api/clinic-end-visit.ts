import { type EndVisitRequest, endVisitResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type EndVisitResult = z.infer<typeof endVisitResponseSchema>;

/** POST /clinic/visits/:id/end: completed (note, optional prescription), refund or no-show. */
export function endClinicVisit(visitId: string, body: EndVisitRequest): Promise<EndVisitResult> {
  return apiCall(`/clinic/visits/${encodeURIComponent(visitId)}/end`, {
    method: 'POST',
    body,
    schema: endVisitResponseSchema,
  });
}

import { claimResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** POST /clinic/visits/:id/claim: exactly one provider wins; the others get 409 ALREADY_CLAIMED. */
export function claimClinicVisit(visitId: string): Promise<z.infer<typeof claimResponseSchema>> {
  return apiCall(`/clinic/visits/${encodeURIComponent(visitId)}/claim`, {
    method: 'POST',
    body: {},
    schema: claimResponseSchema,
  });
}

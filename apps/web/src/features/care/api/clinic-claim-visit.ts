import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

const claimResponseSchema = z.object({ error: z.literal(false), visitId: z.string() });

/** POST /clinic/visits/:id/claim: exactly one provider wins; the others get 409 ALREADY_CLAIMED. */
export function claimClinicVisit(visitId: string): Promise<z.infer<typeof claimResponseSchema>> {
  return apiCall(`/clinic/visits/${encodeURIComponent(visitId)}/claim`, {
    method: 'POST',
    body: {},
    schema: claimResponseSchema,
  });
}

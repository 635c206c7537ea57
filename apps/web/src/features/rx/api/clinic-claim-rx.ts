import { claimResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** POST /clinic/rx/:id/claim: one prescriber wins; the others get 409 (same answer as care's claim). */
export function claimClinicRx(visitId: string): Promise<z.infer<typeof claimResponseSchema>> {
  return apiCall(`/clinic/rx/${encodeURIComponent(visitId)}/claim`, {
    method: 'POST',
    body: {},
    schema: claimResponseSchema,
  });
}

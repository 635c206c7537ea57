import { claimResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useClinicRxChange } from './clinic-get-rx-review';

/** POST /clinic/rx/:id/claim: one prescriber wins; the others get 409 (same answer as care's claim). */
export function claimClinicRx(visitId: string): Promise<z.infer<typeof claimResponseSchema>> {
  return apiCall(`/clinic/rx/${encodeURIComponent(visitId)}/claim`, {
    method: 'POST',
    body: {},
    schema: claimResponseSchema,
  });
}

/** Claims the visit under review; the review and the queue are asked again. */
export function useClaimClinicRx(
  options?: MutationCallbacks<z.infer<typeof claimResponseSchema>, { visitId: string }>,
) {
  return useClinicRxChange(
    ({ visitId }: { visitId: string }) => claimClinicRx(visitId),
    () => undefined,
    options,
  );
}

import { claimResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { clinicQueueQueryKey } from './clinic-get-queue';

/** POST /clinic/visits/:id/claim: exactly one provider wins; the others get 409 ALREADY_CLAIMED. */
export function claimClinicVisit(visitId: string): Promise<z.infer<typeof claimResponseSchema>> {
  return apiCall(`/clinic/visits/${encodeURIComponent(visitId)}/claim`, {
    method: 'POST',
    body: {},
    schema: claimResponseSchema,
  });
}

/** Claims a visit; the queue is asked again. */
export function useClaimClinicVisit(
  options?: MutationCallbacks<z.infer<typeof claimResponseSchema>, string>,
) {
  return useCallMutation(claimClinicVisit, () => [clinicQueueQueryKey], options);
}

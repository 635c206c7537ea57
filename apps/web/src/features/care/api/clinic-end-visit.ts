import type { VisitOutcome } from '@apothecall/domain/care/visits.api';
import { type EndVisitRequest, endVisitResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { clinicQueueQueryKey } from './clinic-get-queue';
import { clinicVisitQueryKey } from './clinic-get-visit';

export type EndVisitResult = z.infer<typeof endVisitResponseSchema>;

/** POST /clinic/visits/:id/end: completed (note, optional prescription), refund or no-show. */
export function endClinicVisit(visitId: string, body: EndVisitRequest): Promise<EndVisitResult> {
  return apiCall(`/clinic/visits/${encodeURIComponent(visitId)}/end`, {
    method: 'POST',
    body,
    schema: endVisitResponseSchema,
  });
}

export interface ClinicVisitEnd {
  visitId: string;
  outcome: VisitOutcome;
  body: EndVisitRequest;
}

/** Ends a visit; the visit and the queue are asked again. */
export function useEndClinicVisit(options?: MutationCallbacks<EndVisitResult, ClinicVisitEnd>) {
  return useCallMutation(
    ({ visitId, body }: ClinicVisitEnd) => endClinicVisit(visitId, body),
    (_result, { visitId }) => [clinicVisitQueryKey(visitId), clinicQueueQueryKey],
    options,
  );
}

import { type RxVisitView, rxVisitResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { rxVisitsQueryKey } from './get-rx-visits';

/** POST /rx/visits/:id/cancel: while it waits for payment or for review. */
export async function cancelRxVisit(visitId: string): Promise<RxVisitView> {
  const { visit } = await apiCall(`/rx/visits/${encodeURIComponent(visitId)}/cancel`, {
    method: 'POST',
    body: {},
    schema: rxVisitResponseSchema,
  });
  return visit;
}

/** Cancels a visit and refreshes the account's visits. */
export function useCancelRxVisit(options?: MutationCallbacks<RxVisitView, string>) {
  return useCallMutation(cancelRxVisit, () => [rxVisitsQueryKey], options);
}

import { rxVisitsResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

export type UnpaidRxVisits = z.infer<typeof rxVisitsResponseSchema>;

export const unpaidRxVisitsQueryKey = ['rx', 'visits', 'unpaid'] as const;

/** GET /rx/visits/unpaid: the account's visits still waiting for payment. */
export function getUnpaidRxVisits(): Promise<UnpaidRxVisits> {
  return apiCall('/rx/visits/unpaid', { schema: rxVisitsResponseSchema });
}

/** The account's visits still waiting for payment. */
export function useUnpaidRxVisits() {
  return useCallQuery(unpaidRxVisitsQueryKey, getUnpaidRxVisits);
}

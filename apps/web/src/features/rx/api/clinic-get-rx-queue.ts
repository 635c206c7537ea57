import { rxQueueResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery, useRefresh } from '../../../lib/call-hooks';

export type RxQueue = z.infer<typeof rxQueueResponseSchema>;

export const clinicRxQueueQueryKey = ['clinic', 'rx', 'queue'] as const;

/** GET /clinic/rx/queue: the visits waiting in the prescriber's states (oldest first) and theirs. */
export function getClinicRxQueue(): Promise<RxQueue> {
  return apiCall('/clinic/rx/queue', { schema: rxQueueResponseSchema });
}

/** The prescriber's queue, kept fresh by the Rx queue's pushes. */
export function useClinicRxQueue(options?: QueryOptions<RxQueue>) {
  return useCallQuery(clinicRxQueueQueryKey, getClinicRxQueue, options);
}

/** Marks the prescriber's queue stale (a push, a reconnect). */
export function useRefreshClinicRxQueue() {
  return useRefresh(clinicRxQueueQueryKey);
}

import { queueResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery, useRefresh } from '../../../lib/call-hooks';

export type ClinicQueue = z.infer<typeof queueResponseSchema>;

export const clinicQueueQueryKey = ['clinic', 'queue'] as const;

/** GET /clinic/queue: the provider's duty status and the waiting visits, oldest first. */
export function getClinicQueue(): Promise<ClinicQueue> {
  return apiCall('/clinic/queue', { schema: queueResponseSchema });
}

/** The provider's queue, kept fresh by the queue's pushes. */
export function useClinicQueue(options?: QueryOptions<ClinicQueue>) {
  return useCallQuery(clinicQueueQueryKey, getClinicQueue, options);
}

/** Marks the queue stale (a push, a reconnect, a refused claim). */
export function useRefreshClinicQueue() {
  return useRefresh(clinicQueueQueryKey);
}

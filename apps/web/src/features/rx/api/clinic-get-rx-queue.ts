import { rxQueueResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type RxQueue = z.infer<typeof rxQueueResponseSchema>;

export const clinicRxQueueQueryKey = ['clinic', 'rx', 'queue'] as const;

/** GET /clinic/rx/queue: the visits waiting in the prescriber's states (oldest first) and theirs. */
export function getClinicRxQueue(): Promise<RxQueue> {
  return apiCall('/clinic/rx/queue', { schema: rxQueueResponseSchema });
}

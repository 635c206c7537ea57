import { queueResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type ClinicQueue = z.infer<typeof queueResponseSchema>;

export const clinicQueueQueryKey = ['clinic', 'queue'] as const;

/** GET /clinic/queue: the provider's duty status and the waiting visits, oldest first. */
export function getClinicQueue(): Promise<ClinicQueue> {
  return apiCall('/clinic/queue', { schema: queueResponseSchema });
}

import { rxVisitsResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type RxVisits = z.infer<typeof rxVisitsResponseSchema>;

export const rxVisitsQueryKey = ['rx', 'visits'] as const;

/** GET /rx/visits: every visit of the account, newest first, and whether one waits for uploads. */
export function getRxVisits(): Promise<RxVisits> {
  return apiCall('/rx/visits', { schema: rxVisitsResponseSchema });
}

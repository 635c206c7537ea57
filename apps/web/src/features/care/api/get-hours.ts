import { hoursResponseSchema } from '@apothecall/domain/accounts/consult.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export type ConsultHours = z.infer<typeof hoursResponseSchema>;

export const hoursQueryKey = (state: string) => ['care', 'hours', state] as const;

/** GET /consult/hours?state=: whether on-demand care is open now, else the next opening. */
export function getHours(state: string): Promise<ConsultHours> {
  return apiCall(`/consult/hours?${new URLSearchParams({ state }).toString()}`, {
    schema: hoursResponseSchema,
  });
}

/** Whether on-demand care is open now in a state. */
export function useHours(state: string, options?: QueryOptions<ConsultHours>) {
  return useCallQuery(hoursQueryKey(state), () => getHours(state), options);
}

import { consultLocationResponseSchema } from '@apothecall/domain/accounts/consult.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export type ConsultLocation = z.infer<typeof consultLocationResponseSchema>;

export const consultLocationQueryKey = (ptId: string) => ['consult', 'location', ptId] as const;

/** GET /consult/location?ptId=: the person's confirmed state and the states care is offered in. */
export function getConsultLocation(ptId: string): Promise<ConsultLocation> {
  return apiCall(`/consult/location?${new URLSearchParams({ ptId }).toString()}`, {
    schema: consultLocationResponseSchema,
  });
}

/** The family member's confirmed consult location (GET /consult/location), or null. */
export function useConsultLocation(ptId: string, options?: QueryOptions<ConsultLocation>) {
  return useCallQuery(consultLocationQueryKey(ptId), () => getConsultLocation(ptId), options);
}

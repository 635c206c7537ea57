import { consultLocationResponseSchema } from '@apothecall/domain/accounts/consult.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type ConsultLocation = z.infer<typeof consultLocationResponseSchema>;

export const consultLocationQueryKey = (ptId: string) => ['consult', 'location', ptId] as const;

/** GET /consult/location?ptId=: the person's confirmed state and the states care is offered in. */
export function getConsultLocation(ptId: string): Promise<ConsultLocation> {
  return apiCall(`/consult/location?${new URLSearchParams({ ptId }).toString()}`, {
    schema: consultLocationResponseSchema,
  });
}

import { consultLocationResponseSchema } from '@apothecall/domain/accounts/consult.schemas';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type CareLocation = z.infer<typeof consultLocationResponseSchema>;

export const careLocationQueryKey = (ptId: string) => ['consult', 'location', ptId] as const;

/** GET /consult/location?ptId=: the person's confirmed state ('I am in') and the offered states. */
export function getCareLocation(ptId: string): Promise<CareLocation> {
  return apiCall(`/consult/location?${new URLSearchParams({ ptId }).toString()}`, {
    schema: consultLocationResponseSchema,
  });
}

import { setConsultLocationResponseSchema } from '@apothecall/domain/accounts/consult.schemas';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type SetCareLocationResult = z.infer<typeof setConsultLocationResponseSchema>;

/** PUT /consult/location { ptId, state }: answers whether on-demand care is offered there. */
export function setCareLocation(ptId: string, state: string): Promise<SetCareLocationResult> {
  return apiCall('/consult/location', {
    method: 'PUT',
    body: { ptId, state },
    schema: setConsultLocationResponseSchema,
  });
}

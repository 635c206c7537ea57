import {
  type setConsultLocationRequestSchema,
  setConsultLocationResponseSchema,
} from '@apothecall/domain/accounts/consult.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type SetConsultLocationRequest = z.input<typeof setConsultLocationRequestSchema>;
export type SetConsultLocationResult = z.infer<typeof setConsultLocationResponseSchema>;

/** PUT /consult/location { ptId, state }: answers whether on-demand care is offered there. */
export function setConsultLocation(
  body: SetConsultLocationRequest,
): Promise<SetConsultLocationResult> {
  return apiCall('/consult/location', {
    method: 'PUT',
    body,
    schema: setConsultLocationResponseSchema,
  });
}

import { type dutyRequestSchema, dutyResponseSchema } from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** PUT /clinic/duty { onDuty }: go on or off duty; answers the new status. */
export function setClinicDuty(
  body: z.input<typeof dutyRequestSchema>,
): Promise<z.infer<typeof dutyResponseSchema>> {
  return apiCall('/clinic/duty', { method: 'PUT', body, schema: dutyResponseSchema });
}

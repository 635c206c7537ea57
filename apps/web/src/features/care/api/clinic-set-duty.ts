import type { dutyRequestSchema } from '@apothecall/domain/care/visits.api';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

const dutyResponseSchema = z.object({ error: z.literal(false), onDuty: z.boolean() });

/** PUT /clinic/duty { onDuty }: go on or off duty; answers the new status. */
export function setClinicDuty(
  body: z.input<typeof dutyRequestSchema>,
): Promise<z.infer<typeof dutyResponseSchema>> {
  return apiCall('/clinic/duty', { method: 'PUT', body, schema: dutyResponseSchema });
}

import {
  type InstoreStart,
  instoreStartResponseSchema,
} from '@apothecall/domain/assessments/assessment.api';
import { apiCall } from '../../../lib/api-client';

export const instoreStartQueryKey = (code: string) => ['instore', 'start', code] as const;

/**
 * POST /instore/start { code }: the signed-in patient's link as the Rx flow opens it (the
 * treatment, the pharmacy, the state and the answers the intake holds).
 */
export async function startInstoreVisit(code: string): Promise<InstoreStart> {
  const { start } = await apiCall('/instore/start', {
    method: 'POST',
    body: { code },
    schema: instoreStartResponseSchema,
  });
  return start;
}

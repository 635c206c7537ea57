import {
  type InstoreStart,
  instoreStartResponseSchema,
} from '@apothecall/domain/assessments/assessment.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

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

/** The signed-in patient's start of an in-store link's visit. */
export function useInstoreStart(code: string, options?: QueryOptions<InstoreStart>) {
  return useCallQuery(instoreStartQueryKey(code), () => startInstoreVisit(code), options);
}

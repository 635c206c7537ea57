import {
  type InstoreCheck,
  instoreCheckResponseSchema,
} from '@apothecall/domain/assessments/assessment.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const instoreCheckQueryKey = (code: string) => ['instore', 'check', code] as const;

/** POST /instore/check { code }: the link's pharmacy and how its holder signs in (public). */
export async function checkInstoreCode(code: string): Promise<InstoreCheck> {
  const { instore } = await apiCall('/instore/check', {
    method: 'POST',
    body: { code },
    schema: instoreCheckResponseSchema,
  });
  return instore;
}

/** An in-store link's check, by its code. */
export function useInstoreCheck(code: string, options?: QueryOptions<InstoreCheck>) {
  return useCallQuery(instoreCheckQueryKey(code), () => checkInstoreCode(code), options);
}

import {
  type PrescreeningResponse,
  prescreeningRequestSchema,
  prescreeningResponseSchema,
} from '@apothecall/domain/care/visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

export type PrescreeningRequest = z.input<typeof prescreeningRequestSchema>;

export const prescreeningQueryKey = (patientID: string, reason: string) =>
  ['care', 'prescreening', patientID, reason] as const;

/**
 * POST /get-prescreening: what to ask this family member for this reason (sections,
 * comorbidities, LDN conditions and emergency signs after the age and birth-gender filters).
 */
export function getPrescreening(body: PrescreeningRequest): Promise<PrescreeningResponse> {
  return apiCall('/get-prescreening', {
    method: 'POST',
    body: prescreeningRequestSchema.parse(body),
    schema: prescreeningResponseSchema,
  });
}

/** What to ask this family member for this reason (kept five minutes). */
export function usePrescreening(patientID: string, reason: string) {
  return useCallQuery(
    prescreeningQueryKey(patientID, reason),
    () => getPrescreening({ patientID, reason }),
    { staleTime: 5 * 60_000 },
  );
}

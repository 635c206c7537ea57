import {
  type PatientRxForm,
  patientRxFormsResponseSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

export const rxFormsQueryKey = ['rx', 'forms'] as const;

/** GET /rx/forms: forms my pharmacies asked me to sign (waiting first, then signed). */
export async function getRxForms(): Promise<PatientRxForm[]> {
  const { forms } = await apiCall('/rx/forms', { schema: patientRxFormsResponseSchema });
  return forms;
}

/** The forms my pharmacies asked me to sign (one query for every visit's card). */
export function useRxForms() {
  return useCallQuery(rxFormsQueryKey, getRxForms);
}

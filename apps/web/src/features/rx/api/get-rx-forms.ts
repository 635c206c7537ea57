import {
  type PatientRxForm,
  patientRxFormsResponseSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import { apiCall } from '../../../lib/api-client';

export const rxFormsQueryKey = ['rx', 'forms'] as const;

/** GET /rx/forms: forms my pharmacies asked me to sign (waiting first, then signed). */
export async function getRxForms(): Promise<PatientRxForm[]> {
  const { forms } = await apiCall('/rx/forms', { schema: patientRxFormsResponseSchema });
  return forms;
}

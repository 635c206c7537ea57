import {
  type PharmacyRxForm,
  pharmacyRxFormsResponseSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';
import { pharmacyRxQueryKey } from './search-pharmacy-rx';

export const pharmacyRxFormsQueryKey = (visitId: string) =>
  [...pharmacyRxQueryKey, 'forms', visitId] as const;

/** GET /pharmacy/rx/:id/forms: the forms my pharmacy asked this visit's patient to sign. */
export async function getPharmacyRxForms(visitId: string): Promise<PharmacyRxForm[]> {
  const { forms } = await apiCall(`/pharmacy/rx/${encodeURIComponent(visitId)}/forms`, {
    schema: pharmacyRxFormsResponseSchema,
  });
  return forms;
}

/** The forms my pharmacy asked this visit's patient to sign. */
export function usePharmacyRxForms(visitId: string) {
  return useCallQuery(pharmacyRxFormsQueryKey(visitId), () => getPharmacyRxForms(visitId));
}

import {
  type PharmacyRxForm,
  pharmacyRxFormResponseSchema,
  type RxFormRequestInput,
  rxFormRequestInputSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import { apiCall } from '../../../lib/api-client';

/** POST /pharmacy/rx/:id/forms: ask the patient to sign a form (after the claim). */
export async function requestPharmacyRxForm(
  visitId: string,
  body: RxFormRequestInput,
): Promise<PharmacyRxForm> {
  const { form } = await apiCall(`/pharmacy/rx/${encodeURIComponent(visitId)}/forms`, {
    method: 'POST',
    body: rxFormRequestInputSchema.parse(body),
    schema: pharmacyRxFormResponseSchema,
  });
  return form;
}

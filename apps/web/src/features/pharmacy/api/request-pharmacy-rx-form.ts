import {
  type PharmacyRxForm,
  pharmacyRxFormResponseSchema,
  type RxFormRequestInput,
  rxFormRequestInputSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { pharmacyRxFormsQueryKey } from './get-pharmacy-rx-forms';

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

export interface PharmacyRxFormAsk {
  visitId: string;
  body: RxFormRequestInput;
}

/** Asks for a form; the visit's forms are asked again. */
export function useRequestPharmacyRxForm(
  options?: MutationCallbacks<PharmacyRxForm, PharmacyRxFormAsk>,
) {
  return useCallMutation(
    ({ visitId, body }: PharmacyRxFormAsk) => requestPharmacyRxForm(visitId, body),
    (_form, { visitId }) => [pharmacyRxFormsQueryKey(visitId)],
    options,
  );
}

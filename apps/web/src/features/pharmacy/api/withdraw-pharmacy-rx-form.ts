import {
  type PharmacyRxForm,
  pharmacyRxFormResponseSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import { apiCall } from '../../../lib/api-client';

/** POST /pharmacy/rx/:id/forms/:formRequestId/withdraw: a request not signed yet. */
export async function withdrawPharmacyRxForm(
  visitId: string,
  formRequestId: string,
): Promise<PharmacyRxForm> {
  const { form } = await apiCall(
    `/pharmacy/rx/${encodeURIComponent(visitId)}/forms/${encodeURIComponent(formRequestId)}/withdraw`,
    { method: 'POST', body: {}, schema: pharmacyRxFormResponseSchema },
  );
  return form;
}

import {
  type ExternalCodeView,
  externalCodeInputSchema,
  externalCodeResponseSchema,
} from '@apothecall/domain/rx-codes/rx-codes.api';
import { apiCall } from '../../../lib/api-client';

/** PUT /pharmacy/rx/:id/code: sets the code, or clears it with null. */
export async function setPharmacyRxCode(
  visitId: string,
  code: string | null,
): Promise<ExternalCodeView> {
  const body = externalCodeInputSchema.parse({ code });
  const { code: saved } = await apiCall(`/pharmacy/rx/${encodeURIComponent(visitId)}/code`, {
    method: 'PUT',
    body,
    schema: externalCodeResponseSchema,
  });
  return saved;
}

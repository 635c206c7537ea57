import {
  type PharmacyRxDetail,
  type PharmacyStatusChangeRequest,
  pharmacyRxDetailResponseSchema,
  pharmacyStatusChangeRequestSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';

/** POST /pharmacy/rx/:id/status { status, version, note }: any pharmacy-side change but the claim. */
export async function setPharmacyRxStatus(
  visitId: string,
  body: PharmacyStatusChangeRequest,
): Promise<PharmacyRxDetail> {
  const { visit } = await apiCall(`/pharmacy/rx/${encodeURIComponent(visitId)}/status`, {
    method: 'POST',
    body: pharmacyStatusChangeRequestSchema.parse(body),
    schema: pharmacyRxDetailResponseSchema,
  });
  return visit;
}

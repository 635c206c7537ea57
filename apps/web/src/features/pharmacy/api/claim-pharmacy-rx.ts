import {
  type PharmacyRxDetail,
  pharmacyClaimRequestSchema,
  pharmacyRxDetailResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /pharmacy/rx/:id/claim { version } ('Submit Payment'): the claim fee is taken from the
 * prepay account once, and the legal prescription PDF becomes downloadable.
 */
export async function claimPharmacyRx(visitId: string, version: number): Promise<PharmacyRxDetail> {
  const { visit } = await apiCall(`/pharmacy/rx/${encodeURIComponent(visitId)}/claim`, {
    method: 'POST',
    body: pharmacyClaimRequestSchema.parse({ version }),
    schema: pharmacyRxDetailResponseSchema,
  });
  return visit;
}

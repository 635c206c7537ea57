import {
  type PharmacyRxDetail,
  pharmacyClaimRequestSchema,
  pharmacyRxDetailResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { pharmacyMeQueryKey } from './get-pharmacy-me';
import { usePharmacyRxChange } from './get-pharmacy-rx';

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

/** Claims one visit; the visit is shown, the dashboard and the organisation (its balance) asked again. */
export function useClaimPharmacyRx(
  options?: MutationCallbacks<PharmacyRxDetail, { visitId: string; version: number }>,
) {
  return usePharmacyRxChange(
    ({ visitId, version }: { visitId: string; version: number }) =>
      claimPharmacyRx(visitId, version),
    [pharmacyMeQueryKey],
    options,
  );
}

import {
  type PharmacyRxDetail,
  type PharmacyStatusChangeRequest,
  pharmacyRxDetailResponseSchema,
  pharmacyStatusChangeRequestSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { usePharmacyRxChange } from './get-pharmacy-rx';

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

export interface PharmacyRxStatusChange {
  visitId: string;
  body: PharmacyStatusChangeRequest;
}

/** Moves one visit; the visit it answers is shown and the dashboard asked again. */
export function useSetPharmacyRxStatus(
  options?: MutationCallbacks<PharmacyRxDetail, PharmacyRxStatusChange>,
) {
  return usePharmacyRxChange(
    ({ visitId, body }: PharmacyRxStatusChange) => setPharmacyRxStatus(visitId, body),
    [],
    options,
  );
}

import {
  type PharmacyRxDetail,
  pharmacyRxDetailResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';
import { pharmacyRxQueryKey } from './search-pharmacy-rx';

export const pharmacyRxDetailQueryKey = (visitId: string) =>
  [...pharmacyRxQueryKey, 'detail', visitId] as const;

/** GET /pharmacy/rx/:id: one visit as the pharmacy works it (patient, prescriptions, history). */
export async function getPharmacyRx(visitId: string): Promise<PharmacyRxDetail> {
  const { visit } = await apiCall(`/pharmacy/rx/${encodeURIComponent(visitId)}`, {
    schema: pharmacyRxDetailResponseSchema,
  });
  return visit;
}

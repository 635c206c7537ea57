import {
  type PharmacistView,
  pharmacistsResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

export const pharmacistsQueryKey = ['pharmacy', 'pharmacists'] as const;

/** GET /pharmacy/pharmacists: the pharmacy's pharmacists, revoked ones too (administrator). */
export async function getPharmacists(): Promise<PharmacistView[]> {
  const { pharmacists } = await apiCall('/pharmacy/pharmacists', {
    schema: pharmacistsResponseSchema,
  });
  return pharmacists;
}

/** The pharmacy's pharmacists. */
export function usePharmacists() {
  return useCallQuery(pharmacistsQueryKey, getPharmacists);
}

import {
  type PharmacyMe,
  pharmacyMeResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

export const pharmacyMeQueryKey = ['pharmacy', 'me'] as const;

/**
 * GET /pharmacy/me: the organisation (verified or not, its prepay balance and claim fee), my
 * role in it and my grant. It answers for an unverified organisation too (verified: false).
 */
export function getPharmacyMe(): Promise<PharmacyMe> {
  return apiCall('/pharmacy/me', { schema: pharmacyMeResponseSchema });
}

/** My pharmacy organisation, my role and my grant. */
export function usePharmacyMe() {
  return useCallQuery(pharmacyMeQueryKey, getPharmacyMe);
}

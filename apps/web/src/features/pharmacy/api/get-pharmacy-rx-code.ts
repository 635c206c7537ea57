import {
  type ExternalCodeView,
  externalCodeResponseSchema,
} from '@apothecall/domain/rx-codes/rx-codes.api';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';
import { pharmacyRxQueryKey } from './search-pharmacy-rx';

export const pharmacyRxCodeQueryKey = (visitId: string) =>
  [...pharmacyRxQueryKey, 'code', visitId] as const;

/** GET /pharmacy/rx/:id/code: my pharmacy's own code for the visit (null when none). */
export async function getPharmacyRxCode(visitId: string): Promise<ExternalCodeView> {
  const { code } = await apiCall(`/pharmacy/rx/${encodeURIComponent(visitId)}/code`, {
    schema: externalCodeResponseSchema,
  });
  return code;
}

/** My pharmacy's code for the visit. */
export function usePharmacyRxCode(visitId: string) {
  return useCallQuery(pharmacyRxCodeQueryKey(visitId), () => getPharmacyRxCode(visitId));
}

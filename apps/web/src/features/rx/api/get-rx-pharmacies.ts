import {
  type RxPharmacyChoice,
  rxPharmaciesRequestSchema,
  rxPharmaciesResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const rxPharmaciesQueryKey = (state: string) => ['rx', 'pharmacies', state] as const;

/** GET /rx/pharmacies?state=FL: the verified pharmacies that take Rx visits from a state. */
export async function getRxPharmacies(state: string): Promise<RxPharmacyChoice[]> {
  const { state: code } = rxPharmaciesRequestSchema.parse({ state });
  const { pharmacies } = await apiCall(
    `/rx/pharmacies?${new URLSearchParams({ state: code }).toString()}`,
    { schema: rxPharmaciesResponseSchema },
  );
  return pharmacies;
}

/** The verified pharmacies that take Rx visits from a state. */
export function useRxPharmacies(state: string, options?: QueryOptions<RxPharmacyChoice[]>) {
  return useCallQuery(rxPharmaciesQueryKey(state), () => getRxPharmacies(state), options);
}

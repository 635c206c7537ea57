import { pharmaciesResponseSchema, type pharmacySchema } from '@apothecall/domain/care/visits.api';
import { keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

export type Pharmacy = z.infer<typeof pharmacySchema>;

export const pharmaciesQueryKey = (q: string, state: string) =>
  ['care', 'pharmacies', state, q] as const;

/** GET /pharmacies?q=&state=: the pharmacy directory (name, city, zip or address). */
export async function searchPharmacies(q: string, state: string): Promise<Pharmacy[]> {
  const query = new URLSearchParams({ q: q.trim().slice(0, 100) });
  if (state) query.set('state', state);
  const { pharmacies } = await apiCall(`/pharmacies?${query.toString()}`, {
    schema: pharmaciesResponseSchema,
  });
  return pharmacies;
}

/** The directory's pharmacies for a search; the last answer stays shown while the next comes. */
export function usePharmacySearch(q: string, state: string) {
  return useCallQuery(pharmaciesQueryKey(q, state), () => searchPharmacies(q, state), {
    placeholderData: keepPreviousData,
  });
}

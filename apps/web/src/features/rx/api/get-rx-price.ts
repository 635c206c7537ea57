import { rxPriceResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

export type RxPrice = z.infer<typeof rxPriceResponseSchema>;

export const rxPriceQueryKey = (visitId: string) => ['rx', 'price', visitId] as const;

/** GET /rx/visits/:id/price: what the visit costs now, with its signed price token. */
export function getRxPrice(visitId: string): Promise<RxPrice> {
  return apiCall(`/rx/visits/${encodeURIComponent(visitId)}/price`, {
    schema: rxPriceResponseSchema,
  });
}

/** What the visit costs now, asked again each time the payment step shows. */
export function useRxPrice(visitId: string) {
  return useCallQuery(rxPriceQueryKey(visitId), () => getRxPrice(visitId), { staleTime: 0 });
}

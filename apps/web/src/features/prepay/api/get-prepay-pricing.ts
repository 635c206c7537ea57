import { prepayPricingResponseSchema } from '@apothecall/domain/prepay/prepay.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export type PrepayPricing = z.infer<typeof prepayPricingResponseSchema>;

/** `new` (a purchase) or a program's id (added funds). */
export const prepayPricingQueryKey = (id: string) => ['prepay', 'pricing', id] as const;

/** GET /prepay-pricing/{id}: the price of one visit (cents) and how many may be bought. */
export function getPrepayPricing(id: string): Promise<PrepayPricing> {
  return apiCall(`/prepay-pricing/${encodeURIComponent(id)}`, {
    schema: prepayPricingResponseSchema,
  });
}

/** The price of a visit for `id` ('new' or a program's id). */
export function usePrepayPricing(id: string, options?: QueryOptions<PrepayPricing>) {
  return useCallQuery(prepayPricingQueryKey(id), () => getPrepayPricing(id), options);
}

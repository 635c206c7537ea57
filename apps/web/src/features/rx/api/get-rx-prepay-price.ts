import { rxPrepayPriceResponseSchema } from '@apothecall/domain/prepay/prepay.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export type RxPrepayPrice = z.infer<typeof rxPrepayPriceResponseSchema>;

export const rxPrepayPriceQueryKey = (visitId: string, code: string) =>
  ['rx', 'prepayPrice', visitId, code] as const;

/**
 * POST /rx/visits/:id/prepay-price: the visit priced by an access token or program code (0,
 * priceType prepay, with the offer), or a refusal (PREPAY_TOKEN_REFUSED, PREPAY_LIMIT_REACHED,
 * PREPAY_RESTRICTED, NOT_FOUND) whose errorMsg says why.
 */
export function getRxPrepayPrice(visitId: string, code: string): Promise<RxPrepayPrice> {
  return apiCall(`/rx/visits/${encodeURIComponent(visitId)}/prepay-price`, {
    method: 'POST',
    body: { code },
    schema: rxPrepayPriceResponseSchema,
  });
}

/** The visit priced by an applied code. */
export function useRxPrepayPrice(
  visitId: string,
  code: string,
  options?: QueryOptions<RxPrepayPrice>,
) {
  return useCallQuery(
    rxPrepayPriceQueryKey(visitId, code),
    () => getRxPrepayPrice(visitId, code),
    options,
  );
}

import { productInfoResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export type ProductInfo = z.infer<typeof productInfoResponseSchema>;
/** The pharmacy's Rx link the catalogue was opened with (its treatment and pharmacy), if any. */
export type ProductInfoLink = NonNullable<ProductInfo['link']>;

export const productInfoQueryKey = (id: string | null) => ['rx', 'products', id ?? ''] as const;

/**
 * POST /get-productInfo-v2: the brand's treatments (public; `id` a pharmacy link or referral).
 * When `id` is a pharmacy's Rx link, `link` names it, its treatment and its pharmacy.
 */
export function getProductInfo(id: string | null): Promise<ProductInfo> {
  return apiCall('/get-productInfo-v2', {
    method: 'POST',
    body: id ? { id } : {},
    schema: productInfoResponseSchema,
  });
}

/** The brand's treatments (and the link or referral `id` names). */
export function useProductInfo(id: string | null, options?: QueryOptions<ProductInfo>) {
  return useCallQuery(productInfoQueryKey(id), () => getProductInfo(id), options);
}

import { productInfoResponseSchema, type RxProductView } from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

export const productInfoQueryKey = (id: string | null) => ['rx', 'products', id ?? ''] as const;

/** POST /get-productInfo-v2: the brand's treatments (public; `id` a pharmacy link or referral). */
export async function getProductInfo(id: string | null): Promise<RxProductView[]> {
  const { products } = await apiCall('/get-productInfo-v2', {
    method: 'POST',
    body: id ? { id } : {},
    schema: productInfoResponseSchema,
  });
  return products;
}

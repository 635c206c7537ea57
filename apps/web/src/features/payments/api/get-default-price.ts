import { pricingResponseSchema } from '@apothecall/domain/payments/payments.api';
import type { PricingAnswer } from '@apothecall/domain/payments/payments.schemas';
import { apiCall } from '../../../lib/api-client';

export const defaultPriceQueryKey = ['payments', 'pricing', 'default'] as const;

/** GET /account/pricing/default: the visit price in cents and its signed, short-lived token. */
export async function getDefaultPrice(): Promise<PricingAnswer> {
  const { price, priceToken, data } = await apiCall('/account/pricing/default', {
    schema: pricingResponseSchema,
  });
  return { price, priceToken, data };
}

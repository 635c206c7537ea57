import {
  type SubscriptionPriceResponse,
  subscriptionPriceRequestSchema,
  subscriptionPriceResponseSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';

export type SubscriptionPrice = SubscriptionPriceResponse;

export const subscriptionPriceQueryKey = (patientId: string) =>
  ['subscriptions', 'price', patientId] as const;

/**
 * POST /subscription-price/: the visit price of one family member under the account's plan
 * (member or non-member pricing) and the token that prices their visit. Answers
 * SUBSCRIPTION_NOT_ACTIVE (400/404) when no plan is in force.
 */
export function getSubscriptionPrice(patientId: string): Promise<SubscriptionPrice> {
  return apiCall('/subscription-price/', {
    method: 'POST',
    body: subscriptionPriceRequestSchema.parse({ patientID: patientId }),
    schema: subscriptionPriceResponseSchema,
  });
}

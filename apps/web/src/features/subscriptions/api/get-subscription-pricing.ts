import {
  type SubscriptionPricingResponse,
  subscriptionPricingResponseSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { rxServicesQueryKey } from './get-rx-services';

export type SubscriptionPricing = SubscriptionPricingResponse;

export const subscriptionPricingQueryKey = ['subscriptions', 'pricing'] as const;

/**
 * GET /subscription-pricing: the plans the brand sells (each period's months, monthly rate,
 * free months and billed amount), the member and non-member visit prices, the account's visit
 * plan (newest, in force or not) and the session's subscription fields (null without a plan in
 * force).
 */
export function getSubscriptionPricing(): Promise<SubscriptionPricing> {
  return apiCall('/subscription-pricing', { schema: subscriptionPricingResponseSchema });
}

/** The visit plan's offers and the caller's subscription. */
export function useSubscriptionPricing(options?: QueryOptions<SubscriptionPricing>) {
  return useCallQuery(subscriptionPricingQueryKey, getSubscriptionPricing, options);
}

/** What a change to a subscription (bought, cancelled, taken back) marks stale. */
export const subscriptionChangeKeys = [
  subscriptionPricingQueryKey,
  rxServicesQueryKey,
  ['subscriptions', 'price'],
] as const;

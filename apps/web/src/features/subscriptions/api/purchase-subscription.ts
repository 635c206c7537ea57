import {
  type SubscriptionPurchaseRequest,
  type SubscriptionView,
  subscriptionPurchaseRequestSchema,
  subscriptionResponseSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { subscriptionChangeKeys } from './get-subscription-pricing';

/**
 * POST /subscription-purchase/: buys a visit plan for a billing period, charging the chosen card
 * what one period bills (once per idempotency key); answers the new subscription.
 */
export async function purchaseSubscription(
  body: SubscriptionPurchaseRequest,
): Promise<SubscriptionView> {
  const { subscription } = await apiCall('/subscription-purchase/', {
    method: 'POST',
    body: subscriptionPurchaseRequestSchema.parse(body),
    schema: subscriptionResponseSchema,
  });
  return subscription;
}

/** Buys the visit plan and marks the plan, the services and the prices stale. */
export function usePurchaseSubscription(
  options?: MutationCallbacks<SubscriptionView, SubscriptionPurchaseRequest>,
) {
  return useCallMutation(purchaseSubscription, () => subscriptionChangeKeys, options);
}

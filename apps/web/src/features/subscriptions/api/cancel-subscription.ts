import {
  type SubscriptionCancelRequest,
  type SubscriptionView,
  subscriptionCancelRequestSchema,
  subscriptionResponseSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { subscriptionChangeKeys } from './get-subscription-pricing';

/**
 * POST /subscription-cancel/: stops the renewals (the plan stays in force until its renew
 * date), with the member's reason. Without `id`, the visit plan; with it, that rx subscription.
 */
export async function cancelSubscription(
  body: SubscriptionCancelRequest,
): Promise<SubscriptionView> {
  const { subscription } = await apiCall('/subscription-cancel/', {
    method: 'POST',
    body: subscriptionCancelRequestSchema.parse(body),
    schema: subscriptionResponseSchema,
  });
  return subscription;
}

/** Cancels a subscription and marks the plan, the services and the prices stale. */
export function useCancelSubscription(
  options?: MutationCallbacks<SubscriptionView, SubscriptionCancelRequest>,
) {
  return useCallMutation(cancelSubscription, () => subscriptionChangeKeys, options);
}

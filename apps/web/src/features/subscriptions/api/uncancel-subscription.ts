import {
  type SubscriptionUncancelRequest,
  type SubscriptionView,
  subscriptionResponseSchema,
  subscriptionUncancelRequestSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { subscriptionChangeKeys } from './get-subscription-pricing';

/**
 * POST /subscription-unCancel/: a cancelled subscription still in force renews again. Without
 * `id`, the visit plan; with it, that rx subscription.
 */
export async function uncancelSubscription(
  body: SubscriptionUncancelRequest = {},
): Promise<SubscriptionView> {
  const { subscription } = await apiCall('/subscription-unCancel/', {
    method: 'POST',
    body: subscriptionUncancelRequestSchema.parse(body),
    schema: subscriptionResponseSchema,
  });
  return subscription;
}

/** Takes a cancellation back and marks the plan, the services and the prices stale. */
export function useUncancelSubscription(
  options?: MutationCallbacks<SubscriptionView, string | undefined>,
) {
  return useCallMutation(
    (id: string | undefined) => uncancelSubscription(id ? { id } : {}),
    () => subscriptionChangeKeys,
    options,
  );
}

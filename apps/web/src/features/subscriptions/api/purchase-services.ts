import {
  type PurchaseServicesRequest,
  purchaseServicesRequestSchema,
  type SubscriptionView,
  subscriptionResponseSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { rxServicesQueryKey } from './get-rx-services';

/**
 * POST /purchase-services: subscribes to a medication, billed every `months` months (months x
 * the monthly price) to the chosen card (once per idempotency key); answers the subscription.
 */
export async function purchaseServices(body: PurchaseServicesRequest): Promise<SubscriptionView> {
  const { subscription } = await apiCall('/purchase-services', {
    method: 'POST',
    body: purchaseServicesRequestSchema.parse(body),
    schema: subscriptionResponseSchema,
  });
  return subscription;
}

/** Buys an Rx service and marks the services stale. */
export function usePurchaseServices(
  options?: MutationCallbacks<SubscriptionView, PurchaseServicesRequest>,
) {
  return useCallMutation(purchaseServices, () => [rxServicesQueryKey], options);
}

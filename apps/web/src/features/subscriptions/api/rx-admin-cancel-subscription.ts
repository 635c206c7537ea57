import {
  type RxAdminCancelRequest,
  rxAdminCancelRequestSchema,
  rxAdminCancelResponseSchema,
  type SubscriberView,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { rxAdminSubscriptionsQueryKey } from './get-rx-admin-subscriptions';

/**
 * POST /rxadmin/subscriptions/{id}/cancel: stops a subscriber's renewals; with `refund`, gives
 * the last charge back and ends the subscription now. Answers the subscriber as it is now.
 */
export async function rxAdminCancelSubscription(
  id: string,
  body: RxAdminCancelRequest,
): Promise<SubscriberView> {
  const { subscriber } = await apiCall(`/rxadmin/subscriptions/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: rxAdminCancelRequestSchema.parse(body),
    schema: rxAdminCancelResponseSchema,
  });
  return subscriber;
}

type AdminCancel = { id: string; refund: boolean; reason: string };

/** Cancels (and maybe refunds) a subscriber; the overview, its row and revenue, marked stale. */
export function useRxAdminCancelSubscription(
  options?: MutationCallbacks<SubscriberView, AdminCancel>,
) {
  return useCallMutation(
    (input: AdminCancel) =>
      rxAdminCancelSubscription(input.id, { refund: input.refund, reason: input.reason }),
    () => [rxAdminSubscriptionsQueryKey],
    options,
  );
}

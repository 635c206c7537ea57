import {
  type RxAdminCancelRequest,
  rxAdminCancelRequestSchema,
  rxAdminCancelResponseSchema,
  type SubscriberView,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import { apiCall } from '../../../lib/api-client';

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

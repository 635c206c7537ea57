import {
  notificationOkSchema,
  type WebPushSubscription,
  webPushSubscriptionSchema,
} from '@apothecall/domain/notifications/notifications.api';
import { apiCall } from '../../../lib/api-client';

/** POST /notifications/web-subscription: this browser's push subscription (endpoint and keys). */
export async function addWebSubscription(subscription: WebPushSubscription): Promise<void> {
  await apiCall('/notifications/web-subscription', {
    method: 'POST',
    body: webPushSubscriptionSchema.parse(subscription),
    schema: notificationOkSchema,
  });
}

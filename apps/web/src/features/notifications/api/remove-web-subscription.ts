import {
  notificationOkSchema,
  webPushRemoveSchema,
} from '@apothecall/domain/notifications/notifications.api';
import { apiCall } from '../../../lib/api-client';

/** POST /notifications/web-subscription-remove: this browser's subscription, by its endpoint. */
export async function removeWebSubscription(endpoint: string): Promise<void> {
  await apiCall('/notifications/web-subscription-remove', {
    method: 'POST',
    body: webPushRemoveSchema.parse({ endpoint }),
    schema: notificationOkSchema,
  });
}

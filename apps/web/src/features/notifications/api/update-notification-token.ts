import {
  type NativePushPlatform,
  notificationOkSchema,
} from '@apothecall/domain/notifications/notifications.api';
import { apiCall } from '../../../lib/api-client';

/** POST /update-notification-token: the native app's APNs or FCM token for this account. */
export async function updateNotificationToken(
  platform: NativePushPlatform,
  token: string,
): Promise<void> {
  await apiCall('/update-notification-token', {
    method: 'POST',
    body: { platform, token },
    schema: notificationOkSchema,
  });
}

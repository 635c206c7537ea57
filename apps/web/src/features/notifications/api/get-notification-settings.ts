import {
  type NotificationSettings,
  notificationSettingsResponseSchema,
} from '@apothecall/domain/notifications/notifications.api';
import { apiCall } from '../../../lib/api-client';

export const notificationSettingsQueryKey = ['notifications', 'settings'] as const;

/** GET /notifications/settings: the account's on/off and the server's web push (VAPID) key. */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiCall('/notifications/settings', { schema: notificationSettingsResponseSchema });
}

import {
  type NotificationSettings,
  notificationSettingsResponseSchema,
} from '@apothecall/domain/notifications/notifications.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const notificationSettingsQueryKey = ['notifications', 'settings'] as const;

/** GET /notifications/settings: the account's on/off and the server's web push (VAPID) key. */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiCall('/notifications/settings', { schema: notificationSettingsResponseSchema });
}

/** The account's notification settings. */
export function useNotificationSettings(options?: QueryOptions<NotificationSettings>) {
  return useCallQuery(notificationSettingsQueryKey, getNotificationSettings, options);
}

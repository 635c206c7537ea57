import {
  type NotificationSettings,
  notificationSettingsRequestSchema,
  notificationSettingsResponseSchema,
} from '@apothecall/domain/notifications/notifications.api';
import { apiCall } from '../../../lib/api-client';

/** POST /notifications/settings: the account's on/off (off sends nothing to any device). */
export function setNotificationSettings(enabled: boolean): Promise<NotificationSettings> {
  return apiCall('/notifications/settings', {
    method: 'POST',
    body: notificationSettingsRequestSchema.parse({ enabled }),
    schema: notificationSettingsResponseSchema,
  });
}

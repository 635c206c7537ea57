import { addWebSubscription } from './api/add-web-subscription';
import { getNotificationSettings } from './api/get-notification-settings';
import { removeWebSubscription } from './api/remove-web-subscription';
import { setNotificationSettings } from './api/set-notification-settings';
import type { NotificationCalls } from './web-push';

/** The server calls of web-push.ts's steps. */
export const notificationCalls: NotificationCalls = {
  getSettings: getNotificationSettings,
  setSettings: setNotificationSettings,
  addSubscription: addWebSubscription,
  removeSubscription: removeWebSubscription,
};

import type { NativePushPlatform } from '@apothecall/domain/notifications/notifications.api';
import { type NativePushResult, registerNativePush } from '../../lib/native/native-push';
import { nativePlugins } from '../../lib/native/plugins';
import { appPlatform } from '../../lib/native/runtime';
import { notificationsPreferenceKey } from '../../lib/session-store';
import { updateNotificationToken } from './api/update-notification-token';
import { isOnHere, type NotificationCalls, setOnHere, type TurnOnResult } from './web-push';

function nativePushPlatform(): NativePushPlatform | null {
  const platform = appPlatform();
  return platform === 'cordova-ios' || platform === 'cordova-android' ? platform : null;
}

/** Whether this device said 'off' to notifications (then a login registers nothing). */
function offHere(): boolean {
  try {
    return globalThis.localStorage?.getItem(notificationsPreferenceKey) === 'off';
  } catch {
    return false;
  }
}

/**
 * After a login in the native apps: unless this device turned notifications off, the
 * permission is asked the first time, and the platform's push token is sent to the server for
 * this account (POST /update-notification-token).
 */
export async function sendNativePushToken(
  options: { ask: boolean; turningOn?: boolean } = { ask: true },
): Promise<NativePushResult> {
  const platform = nativePushPlatform();
  if (!platform || (offHere() && !options.turningOn)) return 'failed';
  const result = await registerNativePush(
    await nativePlugins(),
    (token) => updateNotificationToken(platform, token),
    options,
  );
  if (result === 'sent' && !isOnHere()) setOnHere(true);
  return result;
}

/** The notifications switch turned on in the native apps: the token, then the account's switch. */
export async function turnOnNative(
  calls: Pick<NotificationCalls, 'setSettings'>,
): Promise<TurnOnResult> {
  const result = await sendNativePushToken({ ask: true, turningOn: true });
  if (result === 'denied') return { kind: 'denied' };
  if (result === 'failed') return { kind: 'subscribeFailed' };
  const settings = await calls.setSettings(true);
  setOnHere(true);
  return { kind: 'on', settings };
}

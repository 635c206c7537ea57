import {
  inAppNotificationEvent,
  type PushPayload,
  pushPayloadSchema,
} from '@apothecall/domain/notifications/notifications.api';
import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { type Translate, useT } from '../../../lib/i18n';
import { isNative } from '../../../lib/native/runtime';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import { useSession } from '../../../lib/session-store';
import { sendNativePushToken } from '../native-push';
import { noticeText } from '../notice-text';
import { notificationCalls } from '../notification-calls';
import { browserPush, resendSubscription } from '../web-push';

/** Whether the notice's route is the screen already open (then it needs no link). */
function isHere(url: string): boolean {
  const target = url.replace(/^\/#/, '').split('?')[0] || '/';
  const here = globalThis.location?.hash.replace(/^#/, '').split('?')[0] || '/';
  return target === here;
}

/**
 * An in-app notice (the socket's 'notification', the same payload as a push): a toast with the
 * kind's generic sentence in the app's language (never health information; the server's body is
 * in the language it stored for the account), which links to where the notice leads unless that
 * screen is open. A plain hash link: the toasts render outside the router.
 */
function showNotice(t: Translate, payload: PushPayload) {
  const text = noticeText(t, payload);
  notifications.show({
    id: `notice-${payload.kind}`,
    color: 'blue',
    // The body alone, as the app's other toasts (the title is the product's name).
    message: isHere(payload.url) ? (
      <Text size="sm">{text}</Text>
    ) : (
      <Anchor href={payload.url} size="sm" data-testid="notice-link">
        {text}
      </Anchor>
    ),
  });
}

/**
 * Mounted by the shell while someone is signed in (any role: pharmacies are told of new visits):
 * shows the socket's in-app notices, and once per session sends this browser's push subscription
 * again when this device has notifications on and the permission stands (web-push.ts).
 */
export function NotificationsWatcher() {
  const session = useSession();
  const socket = useSocket();
  const t = useT();
  const token = session?.token;
  useEffect(() => {
    if (!token) return;
    if (isNative()) {
      // Native apps: the APNs or FCM token, registered and sent once logged in (spec section 4).
      sendNativePushToken().catch(() => {
        // Best effort: the notifications screen registers again when turned on.
      });
      return;
    }
    resendSubscription(browserPush(), notificationCalls).catch(() => {
      // Best effort: the settings screen sends it again when notifications are turned on.
    });
  }, [token]);
  useSocketEvent(socket, inAppNotificationEvent, (payload: unknown) => {
    const notice = pushPayloadSchema.safeParse(payload);
    if (notice.success) showNotice(t, notice.data);
  });
  return null;
}

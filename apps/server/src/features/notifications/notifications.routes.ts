import {
  type NativePushPlatform,
  notificationOkSchema,
  notificationSettingsRequestSchema,
  notificationSettingsResponseSchema,
  notificationTokenRequestSchema,
  webPushRemoveSchema,
  webPushSubscriptionSchema,
} from '@apothecall/domain/notifications/notifications.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { sessionRoutes } from '../../platform/route-groups';
import type { NotificationsService } from './notifications.service';
import { isAllowedPushEndpoint } from './push-endpoints';

/** Notification settings and devices (spec sections 4 and 7). */
export function notificationsRoutes(deps: {
  notifications: NotificationsService;
  webPushOn: boolean;
  webPushHosts: readonly string[];
}) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['notifications'];

    r.get(
      '/notifications/settings',
      {
        schema: {
          tags,
          summary: "The account's notifications switch and the server's VAPID public key",
          response: { 200: notificationSettingsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.notifications.settings(actorOf(request))),
      }),
    );

    r.post(
      '/notifications/settings',
      {
        schema: {
          tags,
          summary: 'Turn notifications on or off for every device of the account',
          body: notificationSettingsRequestSchema,
          response: { 200: notificationSettingsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.notifications.setEnabled(actorOf(request), request.body.enabled)),
      }),
    );

    r.post(
      '/notifications/web-subscription',
      {
        schema: {
          tags,
          summary: "Register this browser's Web Push subscription (PushSubscription.toJSON())",
          body: webPushSubscriptionSchema,
          response: { 200: notificationOkSchema },
        },
      },
      async (request) => {
        if (!deps.webPushOn) {
          throw new AppError(409, 'PUSH_NOT_CONFIGURED', 'notifications.webPushOff');
        }
        if (!isAllowedPushEndpoint(request.body.endpoint, deps.webPushHosts)) {
          throw new AppError(400, 'VALIDATION', 'notifications.endpointNotAllowed');
        }
        await deps.notifications.addWebSubscription(actorOf(request), request.body);
        return { error: false as const };
      },
    );

    r.post(
      '/notifications/web-subscription-remove',
      {
        schema: {
          tags,
          summary: "Forget this browser's Web Push subscription",
          body: webPushRemoveSchema,
          response: { 200: notificationOkSchema },
        },
      },
      async (request) => {
        await deps.notifications.removeWebSubscription(actorOf(request), request.body.endpoint);
        return { error: false as const };
      },
    );

    r.post(
      '/update-notification-token',
      {
        schema: {
          tags,
          summary: "Register the native app's push token (APNs on iOS, FCM on Android)",
          body: notificationTokenRequestSchema,
          response: { 200: notificationOkSchema },
        },
      },
      async (request) => {
        await deps.notifications.setNativeToken(
          actorOf(request),
          request.body.platform as NativePushPlatform,
          request.body.token,
        );
        return { error: false as const };
      },
    );
  });
}

/**
 * Notifications (spec sections 2, 4 "Notifications", 7 /update-notification-token).
 *
 * - On/off is kept on the device (the web's local storage) and on the server (the account's
 *   setting, which the sender reads: off sends nothing to any device).
 * - Web push: the browser's PushManager subscription (endpoint and keys) sent to the server,
 *   which signs with its VAPID key. Native: the platform's token (APNs, FCM) sent with
 *   /update-notification-token once logged in.
 * - What notifies, and where a click goes: see `notificationKinds` and `notificationRoutes`.
 *   Payloads carry a generic sentence in the holder's language and a route, never a name, a
 *   message's text, a medication or any other health information.
 */
import { z } from 'zod';
import { platforms } from '../accounts/accounts.schemas';

export const notificationKinds = [
  /** A provider claimed your visit (video or Rx). */
  'visitClaimed',
  /** A new message on a visit. */
  'newMessage',
  /** Your Rx visit's status changed. */
  'rxStatus',
  /** An appointment starts soon. */
  'appointmentReminder',
  /** A new visit reached a pharmacy's dashboard (its staff). */
  'pharmacyVisit',
  /** A prepay program's balance is under its limit (its holder). */
  'lowBalance',
  /** A new announcement to pharmacies (the pharmacy logins it reaches). */
  'announcement',
  /** A pharmacy asks the patient to sign a form on an Rx visit. */
  'formRequested',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Where a click on each kind opens (hash routes). */
export const notificationRoutes: Readonly<Record<NotificationKind, string>> = {
  visitClaimed: '/#/waiting',
  newMessage: '/#/',
  rxStatus: '/#/rxvisits',
  appointmentReminder: '/#/appointment',
  pharmacyVisit: '/#/prescriptions',
  lowBalance: '/#/prepay-home',
  announcement: '/#/',
  formRequested: '/#/rxvisits',
};

/** What a push carries (web push payload, FCM data, APNs alert): no health information. */
export const pushPayloadSchema = z.object({
  kind: z.enum(notificationKinds),
  title: z.string().min(1).max(100),
  body: z.string().min(1).max(200),
  /** A same-origin route (hash route) the click opens. */
  url: z.string().regex(/^\/#\/[\w/-]*$/),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** GET /notifications/settings */
export const notificationSettingsResponseSchema = z.object({
  error: z.literal(false),
  enabled: z.boolean(),
  /** The server's VAPID public key (base64url), or null when web push is not configured. */
  webPushKey: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsResponseSchema>;

/** POST /notifications/settings */
export const notificationSettingsRequestSchema = z.object({ enabled: z.boolean() });

const base64Url = z.string().regex(/^[A-Za-z0-9_-]+=*$/);

/** POST /notifications/web-subscription: a PushSubscription as `toJSON()` gives it. */
export const webPushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64Url.min(80).max(100),
    auth: base64Url.min(16).max(32),
  }),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

/** POST /notifications/web-subscription-remove */
export const webPushRemoveSchema = z.object({ endpoint: z.url().max(2048) });

/** The platforms that register a native token (spec section 8: cordova iOS and Android). */
export const nativePushPlatforms = ['cordova-ios', 'cordova-android'] as const;
export type NativePushPlatform = (typeof nativePushPlatforms)[number];

/** POST /update-notification-token */
export const notificationTokenRequestSchema = z.object({
  platform: z
    .enum(platforms)
    .refine(
      (p): p is NativePushPlatform => (nativePushPlatforms as readonly string[]).includes(p),
      { error: 'notifications.platformNotNative' },
    ),
  token: z
    .string()
    .trim()
    .min(8)
    .max(4096)
    .regex(/^[\w:.-]+$/, { error: 'notifications.tokenInvalid' }),
});

export const notificationOkSchema = z.object({ error: z.literal(false) });

/** The in-app notice pushed on the socket beside the device push (same payload). */
export const inAppNotificationEvent = 'notification';

import {
  type PushPayload,
  pushPayloadSchema,
} from '@apothecall/domain/notifications/notifications.api';
import { createApnsChannel } from './apns';
import { createFcmChannel } from './fcm';
import type { PushConfig } from './push.config';
import { createWebPushChannel } from './web-push';

/**
 * Device push behind one interface: Web Push for browsers (web-push.ts), FCM for
 * Android (fcm.ts), APNs for iOS (apns.ts). Each send answers what to do with the target:
 *
 * - `sent`: the service accepted it;
 * - `gone`: the subscription or token is dead (expired, unregistered, uninstalled): delete it;
 * - `retry`: the service is busy or unreachable (429, 5xx, network): try again later;
 * - `rejected`: refused for another reason (bad credentials, bad request): log, do not retry;
 * - `notConfigured`: this server has no credentials for the channel.
 *
 * Nothing throws for a delivery problem, and `reason` is a short provider code (such as
 * UNREGISTERED or BadDeviceToken), never payload text, so results are safe to log.
 */
export type PushTarget =
  | { channel: 'web'; endpoint: string; keys: { p256dh: string; auth: string } }
  | { channel: 'apns'; token: string }
  | { channel: 'fcm'; token: string };

export type PushOutcome = 'sent' | 'gone' | 'retry' | 'rejected' | 'notConfigured';

export interface PushResult {
  outcome: PushOutcome;
  /** The service's HTTP status, when it answered. */
  status?: number;
  /** A short code (the provider's error code, `network`, `timeout`), never payload text. */
  reason?: string;
}

export interface PushSendOptions {
  /** How long the service keeps an undelivered message (default one day, at most 28). */
  ttlSeconds?: number;
  /** `high` (the default) wakes the device now; `normal` lets it save power. */
  urgency?: 'normal' | 'high';
}

export interface PushSender {
  /** base64url VAPID public key, or null if web push is off */
  readonly webPushKey: string | null;
  send(target: PushTarget, payload: PushPayload, options?: PushSendOptions): Promise<PushResult>;
  /** Closes the APNs connection (call on shutdown). */
  close(): Promise<void>;
}

export const defaultPushTtlSeconds = 24 * 60 * 60;
const maxTtlSeconds = 28 * 24 * 60 * 60;

export function createPushSender(
  config: PushConfig,
  deps: { fetch?: typeof fetch; now?: () => Date } = {},
): PushSender {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const now = deps.now ?? (() => new Date());
  const web = config.web ? createWebPushChannel(config.web, { fetch: doFetch }) : undefined;
  const fcm = config.fcm ? createFcmChannel(config.fcm, { fetch: doFetch, now }) : undefined;
  const apns = config.apns ? createApnsChannel(config.apns, { now }) : undefined;

  return {
    webPushKey: web?.publicKey ?? null,
    async send(target, payload, options = {}) {
      if (!pushPayloadSchema.safeParse(payload).success) {
        return { outcome: 'rejected', reason: 'invalid-payload' };
      }
      const ttl = Number.isFinite(options.ttlSeconds)
        ? (options.ttlSeconds as number)
        : defaultPushTtlSeconds;
      const resolved = {
        ttlSeconds: Math.min(maxTtlSeconds, Math.max(0, Math.floor(ttl))),
        urgency: options.urgency ?? 'high',
      };
      switch (target.channel) {
        case 'web':
          if (!web) return { outcome: 'notConfigured' };
          return web.send(target, payload, resolved);
        case 'fcm':
          if (!fcm) return { outcome: 'notConfigured' };
          return fcm.send(target.token, payload, resolved);
        case 'apns':
          if (!apns) return { outcome: 'notConfigured' };
          return apns.send(target.token, payload, resolved);
      }
    },
    async close() {
      await apns?.close();
    },
  };
}

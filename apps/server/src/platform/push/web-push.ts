import type { PushPayload } from '@apothecall/domain/notifications/notifications.api';
import webPush, { type RequestDetails } from 'web-push';
import type { WebPushConfig } from './push.config';

/**
 * Web Push (RFC 8030), the payload encrypted for the subscription (RFC 8291, aes128gcm) and
 * signed with the server's VAPID key (RFC 8292). `web-push` builds the request (encryption and
 * the `vapid t=…, k=…` header); it is sent with `fetch`, so any push service works, http://
 * loopback doubles included. Redirects are not followed (a push service never redirects).
 */
export interface WebSubscriptionTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

type Delivery = {
  outcome: 'sent' | 'gone' | 'retry' | 'rejected';
  status?: number;
  reason?: string;
};

export function createWebPushChannel(
  config: WebPushConfig,
  deps: { fetch: typeof fetch; timeoutMs?: number },
) {
  const vapidDetails = {
    subject: config.subject,
    publicKey: config.publicKey,
    privateKey: config.privateKey.reveal(),
  };
  return {
    publicKey: config.publicKey,
    async send(
      target: WebSubscriptionTarget,
      payload: PushPayload,
      options: { ttlSeconds: number; urgency: 'normal' | 'high' },
    ): Promise<Delivery> {
      let request: RequestDetails;
      try {
        request = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: target.keys },
          JSON.stringify(payload),
          {
            vapidDetails,
            TTL: options.ttlSeconds,
            urgency: options.urgency,
            contentEncoding: 'aes128gcm',
          },
        );
      } catch {
        // A malformed endpoint or keys: this subscription can never be sent to.
        return { outcome: 'rejected', reason: 'invalid-subscription' };
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (name.toLowerCase() === 'content-length') continue; // fetch sets it from the body
        headers.set(name, String(value));
      }
      let response: Response;
      try {
        response = await deps.fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
        });
      } catch (error) {
        return {
          outcome: 'retry',
          reason: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network',
        };
      }
      await response.body?.cancel().catch(() => undefined);
      return webPushOutcome(response.status);
    },
  };
}

/** How a push service's answer is read: RFC 8030 section 5 and 7. */
export function webPushOutcome(status: number): Delivery {
  if (status === 201 || status === 202) return { outcome: 'sent', status };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  if (status === 429 || status >= 500) return { outcome: 'retry', status };
  return { outcome: 'rejected', status };
}

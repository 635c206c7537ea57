import { createPrivateKey, sign } from 'node:crypto';
import http2 from 'node:http2';
import type { PushPayload } from '@apothecall/domain/notifications/notifications.api';
import type { ApnsConfig } from './push.config';

/**
 * Apple Push Notification service, provider API over HTTP/2 (iOS devices).
 *
 * - One HTTP/2 session, opened on the first send and kept (Apple asks providers to keep
 *   connections open); a closed, failed or GOAWAY'd session is replaced on the next send.
 *   `https://` speaks TLS with ALPN h2; `http://` speaks cleartext h2 (the tests' double).
 * - Auth: a provider token, an ES256 JWT (kid = key id, iss = team id, iat), renewed after 50
 *   minutes (Apple refuses one older than an hour and throttles renewals more often than every
 *   20). An ExpiredProviderToken answer renews it and tries once more.
 * - Answers: 200 sent; 410, and 400 BadDeviceToken or DeviceTokenNotForTopic, mean the token is
 *   gone; 429 and 5xx are worth a retry; anything else is a refusal. Reasons are APNs' codes.
 */
type Delivery = {
  outcome: 'sent' | 'gone' | 'retry' | 'rejected';
  status?: number;
  reason?: string;
};

const tokenLifetimeMs = 50 * 60 * 1000;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const code = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : undefined;

interface Answer {
  status: number;
  body: string;
}

export function createApnsChannel(
  config: ApnsConfig,
  deps: { now: () => Date; timeoutMs?: number },
) {
  const key = createPrivateKey(config.privateKey.reveal());
  const timeoutMs = deps.timeoutMs ?? 10_000;
  let jwt: { value: string; issuedAt: number } | undefined;
  let session: http2.ClientHttp2Session | undefined;

  function providerToken(): string {
    const now = deps.now().getTime();
    if (jwt && now >= jwt.issuedAt && now - jwt.issuedAt < tokenLifetimeMs) return jwt.value;
    const input = `${b64url({ alg: 'ES256', kid: config.keyId })}.${b64url({
      iss: config.teamId,
      iat: Math.floor(now / 1000),
    })}`;
    const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
    jwt = { value: `${input}.${signature.toString('base64url')}`, issuedAt: now };
    return jwt.value;
  }

  function connection(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = http2.connect(config.url);
    const forget = () => {
      if (session === opened) session = undefined;
    };
    opened.on('error', forget);
    opened.on('close', forget);
    opened.on('goaway', () => {
      forget();
      // Streams in flight finish; new sends open a new session.
      if (!opened.closed) opened.close();
    });
    session = opened;
    return opened;
  }

  function post(path: string, headers: http2.OutgoingHttpHeaders, body: string) {
    return new Promise<Answer>((resolve, reject) => {
      let status = 0;
      const chunks: Buffer[] = [];
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const stream = connection().request({ ':method': 'POST', ':path': path, ...headers });
      const timer = setTimeout(() => {
        settle(() => reject(Object.assign(new Error('apns timeout'), { name: 'TimeoutError' })));
        stream.close(http2.constants.NGHTTP2_CANCEL);
      }, timeoutMs);
      stream.on('response', (h) => {
        status = Number(h[':status'] ?? 0);
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        settle(() => resolve({ status, body: Buffer.concat(chunks).toString('utf8') })),
      );
      stream.on('error', (error) => settle(() => reject(error)));
      stream.on('close', () => settle(() => reject(new Error('apns stream closed'))));
      stream.end(body);
    });
  }

  return {
    async send(
      token: string,
      payload: PushPayload,
      options: { ttlSeconds: number; urgency: 'normal' | 'high' },
    ): Promise<Delivery> {
      // Device tokens are hex; anything else is what APNs calls a bad device token.
      if (!/^[0-9A-Fa-f]{16,200}$/.test(token))
        return { outcome: 'gone', reason: 'BadDeviceToken' };
      const body = JSON.stringify({
        aps: { alert: { title: payload.title, body: payload.body }, sound: 'default' },
        kind: payload.kind,
        url: payload.url,
      });
      const headers = () => ({
        authorization: `bearer ${providerToken()}`,
        'apns-topic': config.topic,
        'apns-push-type': 'alert',
        'apns-priority': options.urgency === 'high' ? '10' : '5',
        'apns-expiration': String(
          options.ttlSeconds === 0
            ? 0
            : Math.floor(deps.now().getTime() / 1000) + options.ttlSeconds,
        ),
        'content-type': 'application/json',
      });
      try {
        let answer = await post(`/3/device/${token}`, headers(), body);
        if (answer.status === 403 && reasonOf(answer) === 'ExpiredProviderToken') {
          jwt = undefined;
          answer = await post(`/3/device/${token}`, headers(), body);
        }
        return apnsOutcome(answer);
      } catch (error) {
        return {
          outcome: 'retry',
          reason: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network',
        };
      }
    },
    async close(): Promise<void> {
      const open = session;
      session = undefined;
      if (!open || open.destroyed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          open.destroy();
          resolve();
        }, 2000);
        open.close(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

function reasonOf(answer: Answer): string | undefined {
  try {
    return code((JSON.parse(answer.body) as { reason?: unknown }).reason);
  } catch {
    return undefined;
  }
}

function apnsOutcome(answer: Answer): Delivery {
  const { status } = answer;
  if (status === 200) return { outcome: 'sent', status };
  const reason = reasonOf(answer);
  if (status === 410) return { outcome: 'gone', status, reason: reason ?? 'Unregistered' };
  if (status === 400 && (reason === 'BadDeviceToken' || reason === 'DeviceTokenNotForTopic')) {
    return { outcome: 'gone', status, reason };
  }
  if (status === 429 || status >= 500) return { outcome: 'retry', status, reason };
  return { outcome: 'rejected', status, reason };
}

import { createPrivateKey, sign } from 'node:crypto';
import type { PushPayload } from '@apothecall/domain/notifications/notifications.api';
import type { FcmConfig } from './push.config';

/**
 * Firebase Cloud Messaging, HTTP v1 API (Android devices).
 *
 * - Auth: the service account's OAuth2 JWT bearer grant (RFC 7523): an RS256 assertion (iss =
 *   the account's e-mail, scope firebase.messaging, aud = the token URL, one hour) exchanged at
 *   the token URL for an access token, kept until a minute before it expires. Concurrent sends
 *   share one exchange; a 401 from FCM drops the token and tries once more with a fresh one.
 * - Send: POST {api}/v1/projects/{project}/messages:send with a notification message.
 * - Answers: 404 or UNREGISTERED, and INVALID_ARGUMENT about the token, mean the token is gone;
 *   429 and 5xx are worth a retry; anything else is a refusal. Reasons are FCM's error codes.
 */
export const fcmScope = 'https://www.googleapis.com/auth/firebase.messaging';

type Delivery = {
  outcome: 'sent' | 'gone' | 'retry' | 'rejected';
  status?: number;
  reason?: string;
};

interface FcmErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: {
      '@type'?: string;
      errorCode?: string;
      fieldViolations?: { field?: string }[];
    }[];
  };
}

/** Raised inside the channel when the token exchange fails; becomes a Delivery. */
class TokenFailure extends Error {
  constructor(readonly delivery: Delivery) {
    super('fcm token exchange failed');
  }
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A short code safe to log (provider codes only, never text). */
const code = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : undefined;

export function createFcmChannel(
  config: FcmConfig,
  deps: { fetch: typeof fetch; now: () => Date; timeoutMs?: number },
) {
  const key = createPrivateKey(config.privateKey.reveal());
  const sendUrl = `${config.apiUrl}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`;
  const timeout = () => AbortSignal.timeout(deps.timeoutMs ?? 10_000);
  let cached: { token: string; until: number } | undefined;
  let pending: Promise<string> | undefined;

  function assertion(): string {
    const iat = Math.floor(deps.now().getTime() / 1000);
    const input = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url({
      iss: config.clientEmail,
      scope: fcmScope,
      aud: config.tokenUrl,
      iat,
      exp: iat + 3600,
    })}`;
    return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
  }

  async function exchange(): Promise<string> {
    let response: Response;
    try {
      response = await deps.fetch(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: assertion(),
        }).toString(),
        signal: timeout(),
      });
    } catch {
      throw new TokenFailure({ outcome: 'retry', reason: 'oauth-network' });
    }
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
    };
    if (!response.ok || typeof body.access_token !== 'string') {
      const status = response.status;
      throw new TokenFailure({
        outcome: status === 429 || status >= 500 ? 'retry' : 'rejected',
        status,
        reason: `oauth-${code(body.error) ?? 'error'}`,
      });
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    cached = { token: body.access_token, until: deps.now().getTime() + (seconds - 60) * 1000 };
    return body.access_token;
  }

  async function accessToken(): Promise<string> {
    if (cached && deps.now().getTime() < cached.until) return cached.token;
    pending ??= exchange().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function post(token: string, message: unknown): Promise<Response | Delivery> {
    try {
      return await deps.fetch(sendUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message }),
        signal: timeout(),
      });
    } catch (error) {
      return {
        outcome: 'retry',
        reason: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network',
      };
    }
  }

  return {
    async send(
      token: string,
      payload: PushPayload,
      options: { ttlSeconds: number; urgency: 'normal' | 'high' },
    ): Promise<Delivery> {
      const message = {
        token,
        notification: { title: payload.title, body: payload.body },
        data: { kind: payload.kind, url: payload.url },
        android: {
          priority: options.urgency === 'high' ? 'HIGH' : 'NORMAL',
          ttl: `${options.ttlSeconds}s`,
        },
      };
      try {
        let response = await post(await accessToken(), message);
        if ('outcome' in response) return response;
        if (response.status === 401) {
          // The token was revoked or expired early: one more try with a fresh one.
          await response.body?.cancel().catch(() => undefined);
          cached = undefined;
          response = await post(await accessToken(), message);
          if ('outcome' in response) return response;
        }
        return await fcmOutcome(response);
      } catch (error) {
        if (error instanceof TokenFailure) return error.delivery;
        throw error;
      }
    },
  };
}

async function fcmOutcome(response: Response): Promise<Delivery> {
  const status = response.status;
  if (response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { outcome: 'sent', status };
  }
  const body = (await response.json().catch(() => ({}))) as FcmErrorBody;
  const details = body.error?.details ?? [];
  const fcmCode = code(details.find((d) => d.errorCode)?.errorCode);
  const grpcStatus = code(body.error?.status);
  const reason = fcmCode ?? grpcStatus;
  if (status === 404 || fcmCode === 'UNREGISTERED' || grpcStatus === 'UNREGISTERED') {
    return { outcome: 'gone', status, reason };
  }
  if (status === 400 && (grpcStatus === 'INVALID_ARGUMENT' || fcmCode === 'INVALID_ARGUMENT')) {
    const aboutToken =
      details.some((d) => d.fieldViolations?.some((v) => v.field === 'message.token')) ||
      /registration token/i.test(body.error?.message ?? '');
    if (aboutToken) return { outcome: 'gone', status, reason };
  }
  if (status === 429 || status >= 500) return { outcome: 'retry', status, reason };
  return { outcome: 'rejected', status, reason };
}

import { createPublicKey, type KeyObject, randomUUID, verify } from 'node:crypto';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

/**
 * A loopback double of Apple's push provider API: HTTP/2 in cleartext (h2c; APNs itself is TLS),
 * POST /3/device/{token}, token-based auth, the real headers and `{reason}` answers.
 *
 * Checks, in Apple's order of answers: 405 MethodNotAllowed, 404 BadPath; 403
 * MissingProviderToken, InvalidProviderToken (not ES256, kid or iss not the configured key
 * and team, signature does not verify with the given public key), ExpiredProviderToken (iat
 * over an hour old); 400 MissingTopic, TopicDisallowed, InvalidPushType, BadPriority,
 * BadExpirationDate, BadDeviceToken (not 64 hex digits), PayloadEmpty, 413 PayloadTooLarge;
 * then 410 Unregistered for a token marked with `expire`. Success is 200 with an apns-id.
 */
export interface ApnsDoubleOptions {
  /** The .p8 key's public half (PEM or KeyObject). */
  publicKey: KeyObject | string;
  keyId: string;
  teamId: string;
  /** The bundle id the key may push to. */
  topic: string;
}

export interface ApnsReceived {
  token: string;
  /** Request headers, lower-case names, pseudo-headers included. */
  headers: Record<string, string>;
  /** The JSON body. */
  payload: { aps?: { alert?: { title?: string; body?: string }; sound?: string } } & Record<
    string,
    unknown
  >;
  /** The verified provider token's header kid and claims. */
  jwt: { kid: string; iss: string; iat: number };
  apnsId: string;
}

export interface ApnsDouble {
  /** http://127.0.0.1:<port> (APNS_URL) */
  readonly url: string;
  /** Notifications accepted. */
  readonly messages: ApnsReceived[];
  /** Every answer given, status and reason, in order. */
  readonly answers: { status: number; reason?: string }[];
  /** HTTP/2 connections opened so far. */
  readonly sessions: number;
  /** The app was removed: the token answers 410 Unregistered. */
  expire(token: string): void;
  /** The next `count` requests answer this status and reason (e.g. 503 ServiceUnavailable). */
  failNext(status: number, reason: string, count?: number): void;
  /** Closes every open connection with GOAWAY, as APNs does from time to time. */
  dropSessions(): Promise<void>;
  close(): Promise<void>;
}

const pushTypes = [
  'alert',
  'background',
  'location',
  'voip',
  'complication',
  'fileprovider',
  'mdm',
  'liveactivity',
  'pushtotalk',
];

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export async function apnsDouble(options: ApnsDoubleOptions): Promise<ApnsDouble> {
  const publicKey =
    typeof options.publicKey === 'string' ? createPublicKey(options.publicKey) : options.publicKey;
  const messages: ApnsReceived[] = [];
  const answers: { status: number; reason?: string }[] = [];
  const expired = new Map<string, number>();
  const failures: { status: number; reason: string }[] = [];
  const open = new Set<http2.ServerHttp2Session>();
  let sessions = 0;

  function providerToken(authorization: string | undefined): ApnsReceived['jwt'] {
    if (!authorization) throw new Refusal(403, 'MissingProviderToken');
    const token = /^bearer (\S+)$/i.exec(authorization)?.[1] ?? '';
    const [head, body, signature] = token.split('.');
    if (!head || !body || !signature) throw new Refusal(403, 'InvalidProviderToken');
    let header: { alg?: unknown; kid?: unknown };
    let claims: { iss?: unknown; iat?: unknown };
    try {
      header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new Refusal(403, 'InvalidProviderToken');
    }
    const valid =
      header.alg === 'ES256' &&
      header.kid === options.keyId &&
      claims.iss === options.teamId &&
      typeof claims.iat === 'number' &&
      verify(
        'sha256',
        Buffer.from(`${head}.${body}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      );
    if (!valid) throw new Refusal(403, 'InvalidProviderToken');
    const iat = claims.iat as number;
    if (iat < Math.floor(Date.now() / 1000) - 3600) throw new Refusal(403, 'ExpiredProviderToken');
    return { kid: options.keyId, iss: options.teamId, iat };
  }

  function check(
    headers: http2.IncomingHttpHeaders,
    body: Buffer,
  ): Omit<ApnsReceived, 'apnsId' | 'headers'> {
    const failure = failures.shift();
    if (failure) throw new Refusal(failure.status, failure.reason);
    if (headers[':method'] !== 'POST') throw new Refusal(405, 'MethodNotAllowed');
    const token = /^\/3\/device\/([^/?]+)$/.exec(headers[':path'] ?? '')?.[1];
    if (token === undefined) throw new Refusal(404, 'BadPath');
    const jwt = providerToken(headers.authorization);
    const topic = headers['apns-topic'];
    if (!topic) throw new Refusal(400, 'MissingTopic');
    if (topic !== options.topic) throw new Refusal(400, 'TopicDisallowed');
    const pushType = headers['apns-push-type'];
    if (typeof pushType !== 'string' || !pushTypes.includes(pushType)) {
      throw new Refusal(400, 'InvalidPushType');
    }
    const priority = headers['apns-priority'];
    if (priority !== undefined && !['1', '5', '10'].includes(String(priority))) {
      throw new Refusal(400, 'BadPriority');
    }
    const expiration = headers['apns-expiration'];
    if (expiration !== undefined && !/^\d+$/.test(String(expiration))) {
      throw new Refusal(400, 'BadExpirationDate');
    }
    if (!/^[0-9a-fA-F]{64}$/.test(token)) throw new Refusal(400, 'BadDeviceToken');
    if (body.length === 0) throw new Refusal(400, 'PayloadEmpty');
    if (body.length > 4096) throw new Refusal(413, 'PayloadTooLarge');
    let payload: ApnsReceived['payload'];
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new Refusal(400, 'PayloadEmpty');
    }
    if (typeof payload !== 'object' || payload === null || typeof payload.aps !== 'object') {
      throw new Refusal(400, 'PayloadEmpty');
    }
    return { token, jwt, payload };
  }

  const server = http2.createServer();
  server.on('session', (session) => {
    sessions += 1;
    open.add(session);
    session.on('close', () => open.delete(session));
    session.on('error', () => undefined);
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', () => undefined);
    stream.on('end', () => {
      const apnsId = String(headers['apns-id'] ?? randomUUID()).toUpperCase();
      try {
        const accepted = check(headers, Buffer.concat(chunks));
        const lastSeen = expired.get(accepted.token);
        if (lastSeen !== undefined) throw new Refusal(410, 'Unregistered');
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(headers)) {
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        messages.push({ ...accepted, headers: flat, apnsId });
        answers.push({ status: 200 });
        stream.respond({ ':status': 200, 'apns-id': apnsId });
        stream.end();
      } catch (error) {
        const refusal = error instanceof Refusal ? error : new Refusal(500, 'InternalServerError');
        answers.push({ status: refusal.status, reason: refusal.reason });
        const token = /^\/3\/device\/([^/?]+)$/.exec(headers[':path'] ?? '')?.[1] ?? '';
        const body =
          refusal.status === 410
            ? { reason: refusal.reason, timestamp: expired.get(token) ?? Date.now() }
            : { reason: refusal.reason };
        stream.respond({
          ':status': refusal.status,
          'apns-id': apnsId,
          'content-type': 'application/json',
        });
        stream.end(JSON.stringify(body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    messages,
    answers,
    get sessions() {
      return sessions;
    },
    expire: (token) => {
      expired.set(token, Date.now());
    },
    failNext: (status, reason, count = 1) => {
      for (let i = 0; i < count; i += 1) failures.push({ status, reason });
    },
    dropSessions: async () => {
      await Promise.all(
        [...open].map(
          (session) =>
            new Promise<void>((resolve) => {
              session.close(() => resolve());
            }),
        ),
      );
    },
    close: async () => {
      for (const session of open) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

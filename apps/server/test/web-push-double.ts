import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback push service speaking the Web Push protocol (RFC 8030), for vitest and for the
 * Playwright specs (so it imports node: modules only, and decrypts by itself).
 *
 * `subscribe(applicationServerKey)` plays the browser's PushManager: it makes the user agent's
 * P-256 key pair and 16-byte auth secret and answers what `PushSubscription.toJSON()` gives.
 * A POST to the endpoint is checked like a push service checks it:
 *
 * - unknown endpoint 404, expired (`expire`) 410;
 * - no `Authorization: vapid t=…, k=…` 401; a JWT that is not ES256 or whose signature does not
 *   verify with k, an `aud` other than this origin, an `exp` past or more than 24 hours ahead,
 *   no `sub`, or k not the subscription's applicationServerKey 403 (RFC 8292);
 * - no TTL header, or a Content-Encoding other than aes128gcm 400; over 4096 bytes 413;
 * - a body that does not decrypt for the subscription (RFC 8291 / RFC 8188) 400.
 *
 * Accepted messages are decrypted and kept; the answer is 201 with a Location. Refusals are kept
 * too (`refusals`), so a test can say why a send failed.
 */
export interface WebPushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface WebPushMessage {
  /** The subscription's id (the last segment of its endpoint). */
  id: string;
  endpoint: string;
  /** This message's id (the Location the service answered). */
  messageId: string;
  /** The request headers, lower-case names. */
  headers: Record<string, string>;
  /** The decrypted payload as text. */
  payload: string;
  /** The verified VAPID JWT's claims. */
  vapid: { aud: string; exp: number; sub: string };
  receivedAt: Date;
}

export interface WebPushRefusal {
  id: string;
  status: number;
  reason: string;
}

export interface WebPushDouble {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  subscribe(applicationServerKey: string): WebPushSubscriptionJson;
  /** Accepted messages, all or one subscription's (by id or endpoint). */
  messages(idOrEndpoint?: string): WebPushMessage[];
  /** Requests the service refused, with the status and why. */
  readonly refusals: WebPushRefusal[];
  /** The first message (already received or to come) that matches. */
  waitFor(
    predicate: (message: WebPushMessage) => boolean,
    timeoutMs?: number,
  ): Promise<WebPushMessage>;
  /** From now on the endpoint answers 410 Gone (the user unsubscribed, or it expired). */
  expire(endpoint: string): void;
  close(): Promise<void>;
}

interface Subscription {
  id: string;
  endpoint: string;
  applicationServerKey: string;
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  expired: boolean;
}

const maxBody = 4096;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export async function webPushDouble(): Promise<WebPushDouble> {
  const subscriptions = new Map<string, Subscription>();
  const received: WebPushMessage[] = [];
  const refusals: WebPushRefusal[] = [];
  const waiters = new Set<(message: WebPushMessage) => void>();
  let origin = '';

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '');
    const id = match?.[1] ?? '';
    try {
      if (req.method !== 'POST' || !match) throw new Refusal(404, 'not found');
      const sub = subscriptions.get(id);
      if (!sub) throw new Refusal(404, 'no such subscription');
      if (sub.expired) throw new Refusal(410, 'subscription expired');
      const vapid = checkVapid(req.headers.authorization, sub, origin);
      const ttl = req.headers.ttl;
      if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) throw new Refusal(400, 'TTL missing');
      if (req.headers['content-encoding'] !== 'aes128gcm') {
        throw new Refusal(400, 'Content-Encoding must be aes128gcm');
      }
      if (body.length > maxBody) throw new Refusal(413, 'payload too large');
      const payload = decryptAes128gcm(body, sub);
      const messageId = randomUUID();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const message: WebPushMessage = {
        id,
        endpoint: sub.endpoint,
        messageId,
        headers,
        payload: payload.toString('utf8'),
        vapid,
        receivedAt: new Date(),
      };
      received.push(message);
      for (const waiter of [...waiters]) waiter(message);
      res.writeHead(201, { location: `${origin}/message/${messageId}` });
      res.end();
    } catch (error) {
      const refusal = error instanceof Refusal ? error : new Refusal(500, 'internal error');
      refusals.push({ id, status: refusal.status, reason: refusal.reason });
      res.writeHead(refusal.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: refusal.status, message: refusal.reason }));
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBody + 1) chunks.push(chunk);
    });
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    refusals,
    subscribe(applicationServerKey) {
      const key = Buffer.from(applicationServerKey, 'base64url');
      if (key.length !== 65 || key[0] !== 4) {
        throw new Error('applicationServerKey must be a base64url P-256 public key (65 bytes)');
      }
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(16).toString('base64url');
      const endpoint = `${origin}/push/${id}`;
      subscriptions.set(id, {
        id,
        endpoint,
        applicationServerKey,
        ecdh,
        publicKey,
        auth,
        expired: false,
      });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    messages(idOrEndpoint) {
      if (idOrEndpoint === undefined) return [...received];
      return received.filter((m) => m.id === idOrEndpoint || m.endpoint === idOrEndpoint);
    },
    waitFor(predicate, timeoutMs = 5000) {
      const already = received.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = (message: WebPushMessage) => {
          if (!predicate(message)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching web push within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    expire(endpoint) {
      for (const sub of subscriptions.values()) {
        if (sub.endpoint === endpoint) sub.expired = true;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, checked as a push service checks it. */
function checkVapid(
  header: string | undefined,
  sub: Subscription,
  origin: string,
): WebPushMessage['vapid'] {
  if (!header) throw new Refusal(401, 'VAPID authorization missing');
  const params = /^vapid\s+(.+)$/i.exec(header.trim());
  if (!params?.[1]) throw new Refusal(401, 'authorization scheme must be vapid');
  const fields = new Map<string, string>();
  for (const part of params[1].split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const token = fields.get('t');
  const k = fields.get('k');
  if (!token || !k) throw new Refusal(401, 'vapid t= and k= are required');
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Refusal(401, 'malformed JWT');
  let header_: { alg?: unknown; typ?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new Refusal(401, 'malformed JWT');
  }
  if (header_.alg !== 'ES256') throw new Refusal(403, 'JWT alg must be ES256');
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Refusal(403, 'k is not a P-256 public key');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Refusal(403, 'JWT signature does not verify with k');
  if (k !== sub.applicationServerKey) {
    throw new Refusal(403, 'k is not the applicationServerKey of the subscription');
  }
  if (claims.aud !== origin) throw new Refusal(403, 'JWT aud is not the push service origin');
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) {
    throw new Refusal(403, 'JWT expired');
  }
  if (claims.exp > now + 24 * 60 * 60 + 60) throw new Refusal(403, 'JWT exp beyond 24 hours');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Refusal(403, 'JWT sub must be a mailto: or https: contact');
  }
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub };
}

/**
 * RFC 8291 message decryption: ECDH with the sender's key (the aes128gcm header's key id),
 * HKDF with the auth secret into IKM, then RFC 8188 records (AES-128-GCM, padding delimiter).
 */
function decryptAes128gcm(body: Buffer, sub: Subscription): Buffer {
  try {
    if (body.length < 21) throw new Error('short');
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const idLength = body[20]!;
    const senderKey = body.subarray(21, 21 + idLength);
    if (idLength !== 65 || recordSize < 18) throw new Error('bad header');
    const shared = sub.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([
      Buffer.from('WebPush: info\0', 'latin1'),
      sub.publicKey,
      senderKey,
    ]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, sub.auth, keyInfo, 32));
    const cek = Buffer.from(
      hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16),
    );
    const baseNonce = Buffer.from(
      hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12),
    );
    const records = body.subarray(21 + idLength);
    if (records.length === 0) throw new Error('no records');
    const out: Buffer[] = [];
    for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq += 1) {
      const record = records.subarray(offset, offset + recordSize);
      const last = offset + recordSize >= records.length;
      const nonce = Buffer.from(baseNonce);
      nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end -= 1;
      if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
      out.push(plain.subarray(0, end));
    }
    return Buffer.concat(out);
  } catch {
    throw new Refusal(400, 'payload does not decrypt for this subscription');
  }
}

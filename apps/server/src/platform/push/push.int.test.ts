import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import type { PushPayload } from '@apothecall/domain/notifications/notifications.api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { type ApnsDouble, apnsDouble } from '../../../test/apns-double';
import { type FcmDouble, fcmDouble } from '../../../test/fcm-double';
import { freePort } from '../../../test/ports';
import { type WebPushDouble, webPushDouble } from '../../../test/web-push-double';
import { type PushConfig, parsePushConfig } from './push.config';
import { createPushSender, type PushSender } from './push-sender';

const payload: PushPayload = {
  kind: 'visitClaimed',
  title: 'Your visit',
  body: 'A provider is ready for you.',
  url: '/#/',
};

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const fcmPem = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const apnsPem = ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const vapid = webPush.generateVAPIDKeys();
const apnsToken = 'a'.repeat(64);

let dataDir: string;
let web: WebPushDouble;
let fcm: FcmDouble;
let apns: ApnsDouble;

function env(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:push@apothecall.test',
    FCM_PROJECT_ID: 'apothecall-test',
    FCM_CLIENT_EMAIL: 'push@apothecall-test.iam.gserviceaccount.com',
    // As a one-line .env holds it: literal \n.
    FCM_PRIVATE_KEY: fcmPem.replaceAll('\n', '\\n'),
    FCM_API_URL: fcm.apiUrl,
    FCM_TOKEN_URL: fcm.tokenUrl,
    APNS_KEY_ID: 'KEY1234567',
    APNS_TEAM_ID: 'TEAM123456',
    APNS_PRIVATE_KEY: apnsPem,
    APNS_TOPIC: 'test.apothecall.app',
    APNS_URL: apns.url,
    ...overrides,
  };
}

function config(overrides: Record<string, string> = {}): PushConfig {
  const parsed = parsePushConfig(env(overrides), dataDir);
  if (!parsed.ok) throw new Error(parsed.lines.join('\n'));
  return parsed.config;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-push-'));
  web = await webPushDouble();
  fcm = await fcmDouble({
    publicKey: rsa.publicKey,
    clientEmail: 'push@apothecall-test.iam.gserviceaccount.com',
    projectId: 'apothecall-test',
  });
  apns = await apnsDouble({
    publicKey: ec.publicKey,
    keyId: 'KEY1234567',
    teamId: 'TEAM123456',
    topic: 'test.apothecall.app',
  });
});

afterAll(async () => {
  await Promise.all([web?.close(), fcm?.close(), apns?.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

describe('web push', () => {
  let sender: PushSender;
  beforeAll(() => {
    sender = createPushSender(config());
  });

  it('delivers an encrypted payload with a valid VAPID JWT', async () => {
    expect(sender.webPushKey).toBe(vapid.publicKey);
    const subscription = web.subscribe(sender.webPushKey!);
    const result = await sender.send({ channel: 'web', ...subscription }, payload, {
      ttlSeconds: 600,
    });
    expect(result).toEqual({ outcome: 'sent', status: 201 });
    const [message] = web.messages(subscription.endpoint);
    expect(JSON.parse(message!.payload)).toEqual(payload);
    expect(message!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '600',
      urgency: 'high',
    });
    expect(message!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(message!.vapid.aud).toBe(web.origin);
    expect(message!.vapid.sub).toBe('mailto:push@apothecall.test');
    const now = Date.now() / 1000;
    expect(message!.vapid.exp).toBeGreaterThan(now);
    expect(message!.vapid.exp).toBeLessThanOrEqual(now + 24 * 3600);
    // Every check of the service passed (VAPID, TTL, encoding, decryption).
    expect(web.refusals).toEqual([]);
  });

  it('waits for a message and passes urgency through', async () => {
    const subscription = web.subscribe(sender.webPushKey!);
    const arriving = web.waitFor((m) => m.endpoint === subscription.endpoint);
    await sender.send({ channel: 'web', ...subscription }, payload, { urgency: 'normal' });
    const message = await arriving;
    expect(message.headers.urgency).toBe('normal');
    expect(message.headers.ttl).toBe(String(24 * 3600));
  });

  it('answers gone for an expired or unknown subscription', async () => {
    const subscription = web.subscribe(sender.webPushKey!);
    web.expire(subscription.endpoint);
    expect(await sender.send({ channel: 'web', ...subscription }, payload)).toEqual({
      outcome: 'gone',
      status: 410,
    });
    const unknown = { ...subscription, endpoint: `${web.origin}/push/nobody` };
    expect(await sender.send({ channel: 'web', ...unknown }, payload)).toEqual({
      outcome: 'gone',
      status: 404,
    });
  });

  it('is refused when the subscription belongs to another VAPID key', async () => {
    const other = webPush.generateVAPIDKeys();
    const subscription = web.subscribe(other.publicKey);
    expect(await sender.send({ channel: 'web', ...subscription }, payload)).toEqual({
      outcome: 'rejected',
      status: 403,
    });
    expect(web.refusals.at(-1)?.reason).toMatch(/applicationServerKey/);
  });

  it('retries when the push service cannot be reached, refuses a broken subscription', async () => {
    const subscription = web.subscribe(sender.webPushKey!);
    const port = await freePort();
    const unreachable = { ...subscription, endpoint: `http://127.0.0.1:${port}/push/x` };
    expect(await sender.send({ channel: 'web', ...unreachable }, payload)).toEqual({
      outcome: 'retry',
      reason: 'network',
    });
    const broken = { ...subscription, keys: { p256dh: 'AAAA', auth: subscription.keys.auth } };
    expect(await sender.send({ channel: 'web', ...broken }, payload)).toEqual({
      outcome: 'rejected',
      reason: 'invalid-subscription',
    });
  });

  it('refuses a payload the domain schema refuses, without sending', async () => {
    const subscription = web.subscribe(sender.webPushKey!);
    const before = web.messages().length;
    const bad = { ...payload, url: 'https://evil.example/' };
    expect(await sender.send({ channel: 'web', ...subscription }, bad)).toEqual({
      outcome: 'rejected',
      reason: 'invalid-payload',
    });
    expect(web.messages()).toHaveLength(before);
  });
});

describe('FCM', () => {
  it('fetches one access token and reuses it for two sends', async () => {
    const sender = createPushSender(config());
    const before = fcm.tokenRequests;
    const first = await sender.send({ channel: 'fcm', token: 'device-one' }, payload);
    const second = await sender.send({ channel: 'fcm', token: 'device-two' }, payload, {
      urgency: 'normal',
      ttlSeconds: 60,
    });
    expect(first).toEqual({ outcome: 'sent', status: 200 });
    expect(second).toEqual({ outcome: 'sent', status: 200 });
    expect(fcm.tokenRequests - before).toBe(1);
    const [a, b] = fcm.messages.slice(-2);
    expect(a!.accessToken).toBe(b!.accessToken);
    expect(a!.project).toBe('apothecall-test');
    expect(a!.message).toEqual({
      token: 'device-one',
      notification: { title: payload.title, body: payload.body },
      data: { kind: payload.kind, url: payload.url },
      android: { priority: 'HIGH', ttl: '86400s' },
    });
    expect(b!.message.android).toEqual({ priority: 'NORMAL', ttl: '60s' });
  });

  it('fetches a new token when the cached one is within a minute of expiry', async () => {
    const sender = createPushSender(config());
    fcm.expiresIn = 59;
    try {
      const before = fcm.tokenRequests;
      await sender.send({ channel: 'fcm', token: 'device-one' }, payload);
      await sender.send({ channel: 'fcm', token: 'device-one' }, payload);
      expect(fcm.tokenRequests - before).toBe(2);
    } finally {
      fcm.expiresIn = 3599;
    }
  });

  it('shares one token exchange between concurrent sends, and renews a revoked token', async () => {
    let now = Date.now();
    const sender = createPushSender(config(), { now: () => new Date(now) });
    const before = fcm.tokenRequests;
    const results = await Promise.all(
      ['d1', 'd2', 'd3'].map((token) => sender.send({ channel: 'fcm', token }, payload)),
    );
    expect(results.map((r) => r.outcome)).toEqual(['sent', 'sent', 'sent']);
    expect(fcm.tokenRequests - before).toBe(1);
    fcm.revokeAccessTokens();
    expect(await sender.send({ channel: 'fcm', token: 'd1' }, payload)).toMatchObject({
      outcome: 'sent',
    });
    expect(fcm.tokenRequests - before).toBe(2);
    now += 10 * 60 * 1000;
    await sender.send({ channel: 'fcm', token: 'd1' }, payload);
    expect(fcm.tokenRequests - before).toBe(2);
  });

  it('answers gone for an unregistered or invalid token, retry for 503', async () => {
    const sender = createPushSender(config());
    fcm.unregister('uninstalled');
    expect(await sender.send({ channel: 'fcm', token: 'uninstalled' }, payload)).toEqual({
      outcome: 'gone',
      status: 404,
      reason: 'UNREGISTERED',
    });
    fcm.invalidate('garbled');
    expect(await sender.send({ channel: 'fcm', token: 'garbled' }, payload)).toEqual({
      outcome: 'gone',
      status: 400,
      reason: 'INVALID_ARGUMENT',
    });
    fcm.failNext(503);
    expect(await sender.send({ channel: 'fcm', token: 'device-one' }, payload)).toEqual({
      outcome: 'retry',
      status: 503,
      reason: 'UNAVAILABLE',
    });
  });

  it('is refused with a key the token endpoint does not know', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const sender = createPushSender(
      config({ FCM_PRIVATE_KEY: stranger.export({ type: 'pkcs8', format: 'pem' }).toString() }),
    );
    expect(await sender.send({ channel: 'fcm', token: 'device-one' }, payload)).toEqual({
      outcome: 'rejected',
      status: 400,
      reason: 'oauth-invalid_grant',
    });
  });
});

describe('APNs', () => {
  let sender: PushSender;
  beforeAll(() => {
    sender = createPushSender(config());
  });
  afterAll(async () => {
    await sender.close();
  });

  it('sends with the topic, push type, priority, expiration and a valid provider token', async () => {
    const sessionsBefore = apns.sessions;
    const sentAt = Math.floor(Date.now() / 1000);
    expect(await sender.send({ channel: 'apns', token: apnsToken }, payload)).toEqual({
      outcome: 'sent',
      status: 200,
    });
    expect(
      await sender.send({ channel: 'apns', token: apnsToken }, payload, {
        urgency: 'normal',
        ttlSeconds: 0,
      }),
    ).toEqual({ outcome: 'sent', status: 200 });
    const [high, normal] = apns.messages.slice(-2);
    expect(high!.headers).toMatchObject({
      ':path': `/3/device/${apnsToken}`,
      'apns-topic': 'test.apothecall.app',
      'apns-push-type': 'alert',
      'apns-priority': '10',
    });
    expect(Number(high!.headers['apns-expiration'])).toBeGreaterThanOrEqual(sentAt + 24 * 3600);
    expect(Number(high!.headers['apns-expiration'])).toBeLessThanOrEqual(sentAt + 24 * 3600 + 5);
    expect(normal!.headers).toMatchObject({ 'apns-priority': '5', 'apns-expiration': '0' });
    expect(high!.jwt).toMatchObject({ kid: 'KEY1234567', iss: 'TEAM123456' });
    expect(high!.payload).toEqual({
      aps: { alert: { title: payload.title, body: payload.body }, sound: 'default' },
      kind: payload.kind,
      url: payload.url,
    });
    // One connection for both.
    expect(apns.sessions - sessionsBefore).toBeLessThanOrEqual(1);
  });

  it('answers gone for an unregistered or malformed token, retry for 503', async () => {
    const gone = 'b'.repeat(64);
    apns.expire(gone);
    expect(await sender.send({ channel: 'apns', token: gone }, payload)).toEqual({
      outcome: 'gone',
      status: 410,
      reason: 'Unregistered',
    });
    expect(await sender.send({ channel: 'apns', token: 'c'.repeat(32) }, payload)).toEqual({
      outcome: 'gone',
      status: 400,
      reason: 'BadDeviceToken',
    });
    expect(await sender.send({ channel: 'apns', token: 'not/a/token' }, payload)).toEqual({
      outcome: 'gone',
      reason: 'BadDeviceToken',
    });
    apns.failNext(503, 'ServiceUnavailable');
    expect(await sender.send({ channel: 'apns', token: apnsToken }, payload)).toEqual({
      outcome: 'retry',
      status: 503,
      reason: 'ServiceUnavailable',
    });
  });

  it('reconnects after the service closes the connection', async () => {
    await sender.send({ channel: 'apns', token: apnsToken }, payload);
    const before = apns.sessions;
    await apns.dropSessions();
    expect(await sender.send({ channel: 'apns', token: apnsToken }, payload)).toEqual({
      outcome: 'sent',
      status: 200,
    });
    expect(apns.sessions).toBe(before + 1);
  });

  it('renews the provider token after 50 minutes, and on ExpiredProviderToken', async () => {
    let now = Date.now() - 55 * 60 * 1000;
    const timed = createPushSender(config(), { now: () => new Date(now) });
    try {
      // Issued 55 minutes ago by the sender's clock: still within the hour at the double.
      await timed.send({ channel: 'apns', token: apnsToken }, payload);
      const first = apns.messages.at(-1)!.jwt.iat;
      now += 51 * 60 * 1000;
      await timed.send({ channel: 'apns', token: apnsToken }, payload);
      expect(apns.messages.at(-1)!.jwt.iat).toBeGreaterThan(first);
      apns.failNext(403, 'ExpiredProviderToken');
      now += 60 * 1000;
      expect(await timed.send({ channel: 'apns', token: apnsToken }, payload)).toEqual({
        outcome: 'sent',
        status: 200,
      });
    } finally {
      await timed.close();
    }
  });

  it('is refused for another topic', async () => {
    const other = createPushSender(config({ APNS_TOPIC: 'other.example.app' }));
    try {
      expect(await other.send({ channel: 'apns', token: apnsToken }, payload)).toEqual({
        outcome: 'rejected',
        status: 400,
        reason: 'TopicDisallowed',
      });
    } finally {
      await other.close();
    }
  });
});

describe('unconfigured channels', () => {
  it('answer notConfigured, and web push has no key', async () => {
    const sender = createPushSender({ web: undefined, fcm: undefined, apns: undefined });
    expect(sender.webPushKey).toBeNull();
    const targets = [
      { channel: 'web', endpoint: `${web.origin}/push/x`, keys: { p256dh: 'a', auth: 'b' } },
      { channel: 'fcm', token: 'device-one' },
      { channel: 'apns', token: apnsToken },
    ] as const;
    for (const target of targets) {
      expect(await sender.send(target, payload)).toEqual({ outcome: 'notConfigured' });
    }
    await sender.close();
  });
});

describe('parsePushConfig', () => {
  it('generates a VAPID pair into DATA_DIR/vapid.json once (mode 0600) and reuses it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-vapid-'));
    try {
      const first = parsePushConfig({}, dir);
      const second = parsePushConfig({ VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' }, dir);
      expect(first.ok && second.ok).toBe(true);
      if (!first.ok || !second.ok) return;
      const file = path.join(dir, 'vapid.json');
      expect(first.config.web?.generatedFile).toBe(file);
      expect(second.config.web?.publicKey).toBe(first.config.web?.publicKey);
      expect(second.config.web?.privateKey.reveal()).toBe(first.config.web?.privateKey.reveal());
      expect(first.config.web?.subject).toBe('mailto:support@apothecall.test');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const stored = JSON.parse(await readFile(file, 'utf8'));
      expect(stored.publicKey).toBe(first.config.web?.publicKey);
      expect(first.config.fcm).toBeUndefined();
      expect(first.config.apns).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses a pair another process wrote first, and refuses a damaged file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-vapid-'));
    try {
      const pair = webPush.generateVAPIDKeys();
      await writeFile(path.join(dir, 'vapid.json'), JSON.stringify(pair), { mode: 0o600 });
      const parsed = parsePushConfig({}, dir);
      expect(parsed.ok && parsed.config.web?.publicKey).toBe(pair.publicKey);
      await writeFile(path.join(dir, 'vapid.json'), '{"publicKey":"x"}');
      const damaged = parsePushConfig({}, dir);
      expect(damaged).toEqual({
        ok: false,
        lines: [
          `Invalid environment variable VAPID_PUBLIC_KEY: unset, and ${path.join(dir, 'vapid.json')} does not hold a VAPID key pair {publicKey, privateKey}`,
        ],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses half-set channels with one line each, naming what is missing', () => {
    const parsed = parsePushConfig(
      {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        FCM_PROJECT_ID: 'apothecall-test',
        APNS_KEY_ID: 'KEY1234567',
        APNS_TEAM_ID: 'TEAM123456',
        APNS_PRIVATE_KEY: apnsPem,
      },
      dataDir,
    );
    expect(parsed).toEqual({
      ok: false,
      lines: [
        'Invalid environment variable VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (set both, or neither to keep a generated pair in DATA_DIR/vapid.json)',
        'Invalid environment variable FCM_CLIENT_EMAIL: FCM_PROJECT_ID, FCM_CLIENT_EMAIL and FCM_PRIVATE_KEY go together (set all of them, or none to turn this channel off)',
        'Invalid environment variable APNS_TOPIC: APNS_KEY_ID, APNS_TEAM_ID, APNS_PRIVATE_KEY and APNS_TOPIC go together (set all of them, or none to turn this channel off)',
      ],
    });
  });

  it('refuses wrong values without repeating the keys', () => {
    const other = webPush.generateVAPIDKeys();
    const parsed = parsePushConfig(
      env({
        VAPID_PRIVATE_KEY: other.privateKey,
        FCM_PRIVATE_KEY: apnsPem,
        APNS_PRIVATE_KEY: fcmPem,
      }),
      dataDir,
    );
    expect(parsed.ok).toBe(false);
    const text = parsed.ok ? '' : parsed.lines.join('\n');
    expect(text).toMatch(/^Invalid environment variable VAPID_PRIVATE_KEY: .*one P-256 pair/m);
    expect(text).toMatch(/^Invalid environment variable FCM_PRIVATE_KEY: .*RSA private key/m);
    expect(text).toMatch(/^Invalid environment variable APNS_PRIVATE_KEY: .*EC P-256/m);
    for (const secret of [other.privateKey, 'PRIVATE KEY']) expect(text).not.toContain(secret);
    expect(parsePushConfig(env({ VAPID_SUBJECT: 'support@example.com' }), dataDir)).toEqual({
      ok: false,
      lines: [
        'Invalid environment variable VAPID_SUBJECT: must be a mailto: address or an https: URL',
      ],
    });
  });

  it('reads every channel, PEM with literal \\n, and prints keys as [redacted]', () => {
    const parsed = config();
    expect(parsed.web).toMatchObject({
      publicKey: vapid.publicKey,
      subject: 'mailto:push@apothecall.test',
      generatedFile: undefined,
    });
    expect(parsed.fcm).toMatchObject({
      projectId: 'apothecall-test',
      apiUrl: fcm.apiUrl,
      tokenUrl: fcm.tokenUrl,
    });
    expect(parsed.fcm?.privateKey.reveal()).toBe(fcmPem.trim());
    expect(parsed.apns).toMatchObject({ keyId: 'KEY1234567', topic: 'test.apothecall.app' });
    const printed = [
      JSON.stringify(parsed),
      inspect(parsed, { depth: 10 }),
      `${parsed.web?.privateKey}`,
    ];
    for (const text of printed) {
      expect(text).toContain('[redacted]');
      expect(text).not.toContain(vapid.privateKey);
      expect(text).not.toContain('PRIVATE KEY');
    }
    const defaults = parsePushConfig(
      {
        FCM_PROJECT_ID: 'p',
        FCM_CLIENT_EMAIL: 'a@b.iam.gserviceaccount.com',
        FCM_PRIVATE_KEY: fcmPem,
        APNS_KEY_ID: 'KEY1234567',
        APNS_TEAM_ID: 'TEAM123456',
        APNS_PRIVATE_KEY: apnsPem,
        APNS_TOPIC: 'test.apothecall.app',
      },
      dataDir,
    );
    expect(defaults.ok && defaults.config.fcm).toMatchObject({
      apiUrl: 'https://fcm.googleapis.com',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
    expect(defaults.ok && defaults.config.apns?.url).toBe('https://api.push.apple.com');
  });
});

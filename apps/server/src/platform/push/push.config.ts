import { createECDH, createPrivateKey } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import webPush from 'web-push';
import { z } from 'zod';

/**
 * The push variables, read by config.ts through `parsePushConfig`. Each channel is on
 * when its variables are set and off otherwise, except web push: with neither VAPID key set, a
 * pair is generated into DATA_DIR/vapid.json on the first start and reused after (a new pair
 * would orphan every browser subscription, so back the file up with the database).
 */
export const pushEnvNames = [
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'FCM_PROJECT_ID',
  'FCM_CLIENT_EMAIL',
  'FCM_PRIVATE_KEY',
  'FCM_API_URL',
  'FCM_TOKEN_URL',
  'APNS_KEY_ID',
  'APNS_TEAM_ID',
  'APNS_PRIVATE_KEY',
  'APNS_TOPIC',
  'APNS_URL',
] as const;

/** The name of the generated key pair inside DATA_DIR. */
export const generatedVapidFile = 'vapid.json';

/** A private key that never prints: not in logs, `JSON.stringify` or `util.inspect`. */
export class PushSecret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  /** The key material, for signing only. */
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return 'PushSecret [redacted]';
  }
}

export interface WebPushConfig {
  /** VAPID public key: base64url of the uncompressed P-256 point (65 bytes). */
  readonly publicKey: string;
  /** VAPID private key: base64url of the 32-byte scalar. */
  readonly privateKey: PushSecret;
  /** `mailto:` or `https:` contact the push services may use. */
  readonly subject: string;
  /** The DATA_DIR file the pair was generated into or read from; undefined when from env. */
  readonly generatedFile: string | undefined;
}

export interface FcmConfig {
  readonly projectId: string;
  /** The service account's e-mail (the OAuth2 assertion's issuer). */
  readonly clientEmail: string;
  /** The service account's RSA private key, PEM. */
  readonly privateKey: PushSecret;
  /** FCM API origin, no trailing slash. */
  readonly apiUrl: string;
  /** OAuth2 token endpoint. */
  readonly tokenUrl: string;
}

export interface ApnsConfig {
  readonly keyId: string;
  readonly teamId: string;
  /** The .p8 token-signing key (EC P-256), PEM. */
  readonly privateKey: PushSecret;
  /** The app's bundle id. */
  readonly topic: string;
  /** APNs origin (http:// is spoken as h2c, for tests), no trailing slash. */
  readonly url: string;
}

/** A channel left undefined is off: sends to it answer `notConfigured`. */
export interface PushConfig {
  readonly web: WebPushConfig | undefined;
  readonly fcm: FcmConfig | undefined;
  readonly apns: ApnsConfig | undefined;
}

export type PushConfigResult = { ok: true; config: PushConfig } | { ok: false; lines: string[] };

const httpUrl = (example: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be a URL such as ${example}` })
    .transform((v) => v.replace(/\/+$/, ''));

/** Keys are only checked for presence here, so their values never reach a message. */
const pushEnvSchema = z.object({
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .refine(isVapidSubject, 'must be a mailto: address or an https: URL')
    .default('mailto:support@apothecall.test'),
  FCM_PROJECT_ID: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9][A-Za-z0-9.:-]*$/, 'must be a Firebase project id')
    .optional(),
  FCM_CLIENT_EMAIL: z.email('must be the service account e-mail').optional(),
  FCM_PRIVATE_KEY: z.string().optional(),
  FCM_API_URL: httpUrl('https://fcm.googleapis.com').default('https://fcm.googleapis.com'),
  FCM_TOKEN_URL: httpUrl('https://oauth2.googleapis.com/token').default(
    'https://oauth2.googleapis.com/token',
  ),
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{10}$/, 'must be the 10-character key id')
    .optional(),
  APNS_TEAM_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{10}$/, 'must be the 10-character team id')
    .optional(),
  APNS_PRIVATE_KEY: z.string().optional(),
  APNS_TOPIC: z
    .string()
    .max(255)
    .regex(
      /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/,
      'must be the app bundle id, such as com.example.app',
    )
    .optional(),
  APNS_URL: httpUrl('https://api.push.apple.com').default('https://api.push.apple.com'),
});

function isVapidSubject(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+$/.test(url.pathname);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const line = (name: string, why: string) => `Invalid environment variable ${name}: ${why}`;

/** Names the first unset variable of a group that must be set together, or undefined. */
function halfSet(
  env: Record<string, string | undefined>,
  names: readonly string[],
  remedy = 'set all of them, or none to turn this channel off',
) {
  const set = names.filter((n) => env[n] !== undefined);
  if (set.length === 0 || set.length === names.length) return undefined;
  const missing = names.find((n) => env[n] === undefined)!;
  const list = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return line(missing, `${list} go together (${remedy})`);
}

/** A PEM from the environment: literal `\n` sequences (one-line .env files) become newlines. */
function pem(value: string): string {
  return value.replaceAll('\\n', '\n').trim();
}

function pemKind(text: string): { type: string; curve: string | undefined } | undefined {
  try {
    const key = createPrivateKey(text);
    return { type: key.asymmetricKeyType ?? '', curve: key.asymmetricKeyDetails?.namedCurve };
  } catch {
    return undefined;
  }
}

/** Whether the pair is a VAPID pair: 65-byte uncompressed point, 32-byte scalar, matching. */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  const b64url = /^[A-Za-z0-9_-]+$/;
  if (!b64url.test(publicKey) || !b64url.test(privateKey)) return false;
  const pub = Buffer.from(publicKey, 'base64url');
  const priv = Buffer.from(privateKey, 'base64url');
  if (pub.length !== 65 || pub[0] !== 4 || priv.length !== 32) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(priv);
    return ecdh.getPublicKey().equals(pub);
  } catch {
    return false;
  }
}

const vapidFileSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/**
 * The VAPID pair in DATA_DIR/vapid.json, created on first use (mode 0600, flag 'wx' so exactly
 * one of two starting processes writes it; the other reads the winner's pair).
 */
function generatedVapidPair(
  dataDir: string,
): { ok: true; publicKey: string; privateKey: string; file: string } | { ok: false; why: string } {
  const file = path.join(dataDir, generatedVapidFile);
  try {
    mkdirSync(dataDir, { recursive: true });
    try {
      const pair = webPush.generateVAPIDKeys();
      writeFileSync(file, `${JSON.stringify(pair)}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // The other process may be between creating the file and writing it: wait a moment.
    for (let attempt = 0; ; attempt += 1) {
      const text = readFileSync(file, 'utf8');
      let parsed: z.infer<typeof vapidFileSchema> | undefined;
      try {
        const result = vapidFileSchema.safeParse(JSON.parse(text));
        if (result.success) parsed = result.data;
      } catch {
        // not (yet) JSON
      }
      if (parsed && isVapidPair(parsed.publicKey, parsed.privateKey)) {
        try {
          chmodSync(file, 0o600);
        } catch {
          // best effort (read-only mounts)
        }
        return { ok: true, ...parsed, file };
      }
      if (attempt >= 20 || text.trim().length > 0) {
        return { ok: false, why: `${file} does not hold a VAPID key pair {publicKey, privateKey}` };
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { ok: false, why: `cannot create or read ${file} (${code})` };
  }
}

/**
 * Reads the push variables (an empty value counts as unset). On failure answers one line per
 * bad variable, "Invalid environment variable NAME: why", never echoing a key. With neither
 * VAPID key set, generates (or reuses) DATA_DIR/vapid.json.
 */
export function parsePushConfig(
  env: Readonly<Record<string, string | undefined>>,
  dataDir: string,
): PushConfigResult {
  const cleaned: Record<string, string | undefined> = Object.fromEntries(
    pushEnvNames.map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = pushEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    return {
      ok: false,
      lines: parsed.error.issues.map((issue) =>
        line(String(issue.path[0] ?? 'environment'), issue.message),
      ),
    };
  }
  const e = parsed.data;
  const lines: string[] = [];

  let web: WebPushConfig | undefined;
  const vapidHalf = halfSet(
    cleaned,
    ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    `set both, or neither to keep a generated pair in DATA_DIR/${generatedVapidFile}`,
  );
  if (vapidHalf) lines.push(vapidHalf);
  else if (e.VAPID_PUBLIC_KEY !== undefined && e.VAPID_PRIVATE_KEY !== undefined) {
    if (isVapidPair(e.VAPID_PUBLIC_KEY.trim(), e.VAPID_PRIVATE_KEY.trim())) {
      web = {
        publicKey: e.VAPID_PUBLIC_KEY.trim(),
        privateKey: new PushSecret(e.VAPID_PRIVATE_KEY.trim()),
        subject: e.VAPID_SUBJECT,
        generatedFile: undefined,
      };
    } else {
      lines.push(
        line(
          'VAPID_PRIVATE_KEY',
          'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be one P-256 pair in base64url (as web-push generate-vapid-keys prints)',
        ),
      );
    }
  } else {
    const pair = generatedVapidPair(dataDir);
    if (pair.ok) {
      web = {
        publicKey: pair.publicKey,
        privateKey: new PushSecret(pair.privateKey),
        subject: e.VAPID_SUBJECT,
        generatedFile: pair.file,
      };
    } else {
      lines.push(line('VAPID_PUBLIC_KEY', `unset, and ${pair.why}`));
    }
  }

  let fcm: FcmConfig | undefined;
  const fcmHalf = halfSet(cleaned, ['FCM_PROJECT_ID', 'FCM_CLIENT_EMAIL', 'FCM_PRIVATE_KEY']);
  if (fcmHalf) lines.push(fcmHalf);
  else if (e.FCM_PROJECT_ID && e.FCM_CLIENT_EMAIL && e.FCM_PRIVATE_KEY) {
    const key = pem(e.FCM_PRIVATE_KEY);
    if (pemKind(key)?.type !== 'rsa') {
      lines.push(line('FCM_PRIVATE_KEY', "must be the service account's RSA private key in PEM"));
    } else {
      fcm = {
        projectId: e.FCM_PROJECT_ID,
        clientEmail: e.FCM_CLIENT_EMAIL,
        privateKey: new PushSecret(key),
        apiUrl: e.FCM_API_URL,
        tokenUrl: e.FCM_TOKEN_URL,
      };
    }
  }

  let apns: ApnsConfig | undefined;
  const apnsHalf = halfSet(cleaned, [
    'APNS_KEY_ID',
    'APNS_TEAM_ID',
    'APNS_PRIVATE_KEY',
    'APNS_TOPIC',
  ]);
  if (apnsHalf) lines.push(apnsHalf);
  else if (e.APNS_KEY_ID && e.APNS_TEAM_ID && e.APNS_PRIVATE_KEY && e.APNS_TOPIC) {
    const key = pem(e.APNS_PRIVATE_KEY);
    const kind = pemKind(key);
    if (kind?.type !== 'ec' || kind.curve !== 'prime256v1') {
      lines.push(line('APNS_PRIVATE_KEY', 'must be the .p8 token key (EC P-256) in PEM'));
    } else {
      apns = {
        keyId: e.APNS_KEY_ID,
        teamId: e.APNS_TEAM_ID,
        privateKey: new PushSecret(key),
        topic: e.APNS_TOPIC,
        url: e.APNS_URL,
      };
    }
  }

  if (lines.length > 0) return { ok: false, lines };
  return { ok: true, config: { web, fcm, apns } };
}

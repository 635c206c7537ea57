import path from 'node:path';
import { z } from 'zod';
import { type InboxConfig, inboxConfig, inboxEnvProblem, inboxEnvShape } from './config-inbox';
import {
  type PaymentsConfig,
  paymentsConfig,
  paymentsEnvProblem,
  paymentsEnvShape,
} from './config-payments';
import { type SmsConfig, smsConfig, smsEnvProblem, smsEnvShape } from './config-sms';
import { type FilesConfig, parseFilesConfig } from './platform/files/files.config';
import { type PushConfig, parsePushConfig } from './platform/push/push.config';

export { tryOutInboundSmtpPort } from './config-inbox';

/**
 * The one place the environment is read. Every value has a working default so `npm start`
 * runs with nothing set; a value that is set but wrong stops start-up with one line naming it.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const iceServersSchema = z.array(
  z.object({
    urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);

/** A comma-separated list, trimmed, empty items dropped. */
function commaList(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int('must be a port number from 0 to 65535')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds, at least 1' })
    .int('must be a whole number of seconds, at least 1')
    .min(1, 'must be a whole number of seconds, at least 1')
    .default(900),
  /** How often every open socket's session is checked again (sockets that only listen). */
  SOCKET_RECHECK_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds, at least 1' })
    .int('must be a whole number of seconds, at least 1')
    .min(1, 'must be a whole number of seconds, at least 1')
    .default(30),
  /**
   * How often the job queue looks for a scheduled job that has come due (pg-boss's cron monitor):
   * the sweeps run on whole minutes, so the default half minute is their latest start.
   */
  JOBS_CRON_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 45' })
    .int('must be a whole number of seconds from 1 to 45')
    .min(1, 'must be a whole number of seconds from 1 to 45')
    .max(45, 'must be a whole number of seconds from 1 to 45')
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  DEMO_SEED: bool.default(true),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: bool.default(false),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  PUBLIC_URL: z.url('must be a URL such as https://app.example.com').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Apothecall <no-reply@apothecall.test>'),
  ERX_URL: z.url('must be a URL such as https://erx.example.com/script').optional(),
  ...smsEnvShape,
  /**
   * WebRTC ICE servers for video visits, as JSON: [{"urls":"stun:stun.example.org:3478"},
   * {"urls":"turn:turn.example.org:3478","username":"u","credential":"p"}]. Empty (the
   * default) means host candidates only: enough on one machine or one LAN; set STUN/TURN for
   * patients behind NAT.
   */
  ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((raw, ctx) => {
      try {
        const parsed = iceServersSchema.safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON array of {urls, username?, credential?}',
      });
      return z.NEVER;
    }),
  EXPOSE_OUTBOX: bool.default(false),
  /**
   * Turns on GET /metrics (Prometheus text format), served to `Authorization: Bearer <token>`
   * only. Unset: no /metrics at all (docs/operations.md, "Metrics").
   */
  /**
   * OpenTelemetry traces: the OTLP/HTTP collector's base URL (spans go to <url>/v1/traces).
   * Unset: no tracing, and the OpenTelemetry packages are never loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url('must be a URL such as http://collector:4318').optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('apothecall'),
  /** Share of new traces recorded (0 to 1); a caller's sampling decision is followed. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(1),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (a random secret, e.g. openssl rand -hex 32)')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  CLIENT_IDLE_LOGOUT_SECONDS: z.coerce.number().int().min(1).default(900),
  AUTO_LOGOFF_MINUTES: z.coerce.number().int().min(1).default(30),
  MIN_REGISTRATION_AGE: z.coerce.number().int().min(1).max(110).default(18),
  MIN_DEPENDENT_AGE: z.coerce.number().int().min(0).max(110).default(4),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  ...paymentsEnvShape,
  /** Minutes either side of an appointment's time in which it is paid and started (spec: 15). */
  APPOINTMENT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  /**
   * The push services a browser's subscription may point at (host names, `*.` for any
   * subdomain): the server posts to a subscription's endpoint, so only known push services are
   * accepted. Tests add 127.0.0.1 for the loopback push service.
   */
  // The native apps: their web views' origins may call the API and open the socket;
  // the universal-link (iOS) and app-link (Android) files name the apps that open /app/ links.
  NATIVE_APP_ORIGINS: commaList('capacitor://localhost,https://localhost'),
  NATIVE_IOS_APP_IDS: commaList(''),
  NATIVE_ANDROID_PACKAGE: z
    .string()
    .regex(/^[a-zA-Z][\w]*(\.[a-zA-Z][\w]*)+$/, 'must be a Java package name (com.example.app)')
    .default('com.apothecall.app'),
  NATIVE_ANDROID_CERT_SHA256: commaList('').pipe(
    z.array(
      z
        .string()
        .regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, 'must be SHA-256 fingerprints (AB:CD:...)'),
    ),
  ),
  WEB_PUSH_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,*.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com',
    )
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Subscriptions: the catalog a brand without its own sells from, in cents.
  SUBSCRIPTION_MONTHLY_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(2500),
  SUBSCRIPTION_FAMILY_MONTHLY_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(4000),
  SUBSCRIPTION_MEMBER_VISIT_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  SUBSCRIPTION_NONMEMBER_VISIT_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(3500),
  /** Charges of one renewal before the plan turns inactive (the first try and the retries). */
  SUBSCRIPTION_RENEWAL_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  SUBSCRIPTION_RETRY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  FAULT_INJECTION: z.enum(['crash-after-gateway', 'stop-after-renewal-charge']).optional(),
  PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  ...inboxEnvShape,
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string | undefined;
  readonly logLevel: string;
  readonly session: {
    readonly idleSeconds: number;
    readonly maxHours: number;
    /** Sockets' sessions are checked again this often. */
    readonly socketRecheckSeconds: number;
  };
  readonly demoSeed: boolean;
  /** The job queue: how often scheduled jobs are checked for being due (seconds). */
  readonly jobs: { readonly cronCheckSeconds: number };
  /** Directory of the built web app; undefined when not serving it (tests). */
  readonly webDist: string | undefined;
  readonly trustProxy: boolean;
  readonly shutdownGraceSeconds: number;
  /** Origin used in links sent by e-mail and SMS. */
  readonly publicUrl: string;
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string };
  /** e-prescribing: where NewRx messages are posted after a claim (unset: the PDF only). */
  readonly erx: { readonly url: string | undefined };
  readonly sms: SmsConfig;
  /** Serve GET /api/dev/outbox (tests and local demos only). */
  readonly exposeOutbox: boolean;
  /** GET /metrics for a Prometheus scraper holding this bearer token; off when unset. */
  readonly metrics: { readonly token: string | undefined };
  /** OpenTelemetry traces over OTLP/HTTP; undefined (off) without OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly tracing:
    | { readonly endpoint: string; readonly serviceName: string; readonly sampleRatio: number }
    | undefined;
  /** STUN/TURN servers handed to video-visit peers. */
  readonly iceServers: readonly {
    urls: string | string[];
    username?: string;
    credential?: string;
  }[];
  readonly client: { readonly idleLogoutMs: number; readonly autoLogoffMinutes: number };
  readonly ages: { readonly minRegistration: number; readonly minDependent: number };
  readonly loginLimit: { readonly maxFailures: number; readonly windowSeconds: number };
  readonly payments: PaymentsConfig;
  /** Test-only fault injection (never honoured in production). */
  readonly appointments: { readonly windowMinutes: number };
  readonly notifications: { readonly webPushHosts: readonly string[] };
  /** The native apps: their origins (CORS) and the link-association files. */
  readonly native: {
    readonly origins: readonly string[];
    readonly iosAppIds: readonly string[];
    readonly androidPackage: string;
    readonly androidCertFingerprints: readonly string[];
  };
  readonly subscriptions: {
    /** What a brand without its own `subscriptionCatalog` sells. */
    readonly defaults: {
      readonly monthlyCents: number;
      readonly familyMonthlyCents: number;
      readonly memberVisitCents: number;
      readonly nonmemberVisitCents: number;
    };
    readonly renewalAttempts: number;
    readonly retryMs: number;
  };
  readonly faultInjection: 'crash-after-gateway' | 'stop-after-renewal-charge' | undefined;
  /** Uploaded files: limit, key, local or S3 storage (platform/files). */
  readonly files: FilesConfig;
  /** Device push: Web Push (VAPID), FCM, APNs (platform/push); a channel left out is off. */
  readonly push: PushConfig;
  /** The pharmacies' inbound e-mail: its SMTP endpoint (off without a port). */
  readonly inbox: InboxConfig;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function tracingConfig(e: z.output<typeof envSchema>): Config['tracing'] {
  return e.OTEL_EXPORTER_OTLP_ENDPOINT
    ? {
        endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: e.OTEL_SERVICE_NAME,
        sampleRatio: e.OTEL_TRACES_SAMPLER_ARG,
      }
    : undefined;
}

/** Reads the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  defaults: { webDist?: string } = {},
): Config {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `Invalid environment variable ${name}: ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  const problem = smsEnvProblem(e) ?? paymentsEnvProblem(e) ?? inboxEnvProblem(e);
  if (problem) throw new ConfigError(problem);
  const files = parseFilesConfig(env);
  if (!files.ok) throw new ConfigError(files.lines.join('\n'));
  const push = parsePushConfig(env, path.resolve(e.DATA_DIR));
  if (!push.ok) throw new ConfigError(push.lines.join('\n'));
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    session: {
      idleSeconds: e.SESSION_IDLE_SECONDS,
      maxHours: e.SESSION_MAX_HOURS,
      socketRecheckSeconds: e.SOCKET_RECHECK_SECONDS,
    },
    demoSeed: e.DEMO_SEED,
    jobs: { cronCheckSeconds: e.JOBS_CRON_CHECK_SECONDS },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaults.webDist,
    trustProxy: e.TRUST_PROXY,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    erx: { url: e.ERX_URL },
    sms: smsConfig(e),
    exposeOutbox: e.EXPOSE_OUTBOX,
    metrics: { token: e.METRICS_TOKEN },
    tracing: tracingConfig(e),
    iceServers: e.ICE_SERVERS,
    client: {
      idleLogoutMs: e.CLIENT_IDLE_LOGOUT_SECONDS * 1000,
      autoLogoffMinutes: e.AUTO_LOGOFF_MINUTES,
    },
    ages: { minRegistration: e.MIN_REGISTRATION_AGE, minDependent: e.MIN_DEPENDENT_AGE },
    loginLimit: { maxFailures: e.LOGIN_MAX_FAILURES, windowSeconds: e.LOGIN_WINDOW_MINUTES * 60 },
    payments: paymentsConfig(e),
    appointments: { windowMinutes: e.APPOINTMENT_WINDOW_MINUTES },
    notifications: { webPushHosts: e.WEB_PUSH_HOSTS },
    native: {
      origins: e.NATIVE_APP_ORIGINS,
      iosAppIds: e.NATIVE_IOS_APP_IDS,
      androidPackage: e.NATIVE_ANDROID_PACKAGE,
      androidCertFingerprints: e.NATIVE_ANDROID_CERT_SHA256,
    },
    subscriptions: {
      defaults: {
        monthlyCents: e.SUBSCRIPTION_MONTHLY_CENTS,
        familyMonthlyCents: e.SUBSCRIPTION_FAMILY_MONTHLY_CENTS,
        memberVisitCents: e.SUBSCRIPTION_MEMBER_VISIT_CENTS,
        nonmemberVisitCents: e.SUBSCRIPTION_NONMEMBER_VISIT_CENTS,
      },
      renewalAttempts: e.SUBSCRIPTION_RENEWAL_ATTEMPTS,
      retryMs: e.SUBSCRIPTION_RETRY_HOURS * 3_600_000,
    },
    faultInjection: e.NODE_ENV === 'production' ? undefined : e.FAULT_INJECTION,
    files: files.config,
    push: push.config,
    inbox: inboxConfig(e),
  };
}

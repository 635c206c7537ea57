import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { createAuditRepo } from './audit.repo';
import { createAuditService } from './audit.service';
import { createEventBus } from './events';
import { resolveFilesKey } from './files/file-store-factory';
import { loggableError } from './http';
import { createJobs } from './jobs/jobs';
import { outboxDeliveryJob, queueOutboxRetry } from './jobs/outbox-delivery.job';
import { createMailer } from './mail.service';
import type { Platform } from './module';
import { createOutboxRepo, type OutboxRepo } from './outbox.repo';
import { createPasswordHasher, type PasswordHasher } from './passwords';
import { createAuthorizeNetGateway } from './payments/authorize-net';
import type { PaymentGateway } from './payments/gateway';
import { createSandboxGateway } from './payments/sandbox-gateway';
import { createSandboxStore } from './payments/sandbox-gateway.repo';
import { createRateLimiter, type SharedRateLimiter } from './rate-limit';
import { attachRealtime } from './realtime';
import { disconnectRedis } from './redis-disconnect';
import { createSessionsRepo } from './sessions/sessions.repo';
import { createSessionsService } from './sessions/sessions.service';
import { createSmsSender, type SmsProvider, twilioProvider } from './sms.service';

/** What tests may replace; everything else comes from the configuration. */
export interface PlatformOverrides {
  hasher?: PasswordHasher | undefined;
  /** The clock (tests move it to prove time rules); default the system clock. */
  now?: (() => Date) | undefined;
  smsProvider?: SmsProvider | undefined;
  gateway?: PaymentGateway | undefined;
}

/** The platform plus what only app.ts needs: the outbox, the limiter's health, shutdown. */
export interface BuiltPlatform extends Platform {
  outbox: OutboxRepo;
  limiter: SharedRateLimiter;
  close(): Promise<void>;
}

/** Builds the cross-cutting services once, for every area module (docs/architecture.md). */
export function createPlatform(
  app: FastifyInstance,
  config: Config,
  database: Database,
  overrides: PlatformOverrides,
  apiVersion: string,
): BuiltPlatform {
  const db = database.db;
  const clock = overrides.now ? { now: overrides.now } : {};
  const now = overrides.now ?? (() => new Date());
  const warn = (what: string) => (error: unknown) =>
    app.log.warn({ error: loggableError(error) }, what);
  const sessions = createSessionsService({
    repo: createSessionsRepo(db),
    policy: config.session,
    ...clock,
  });
  // Message bodies are sealed with the files' key (FILES_KEY, or DATA_DIR/files.key).
  const outbox = createOutboxRepo(db, resolveFilesKey(config.files, config.dataDir));
  const jobs = createJobs({
    database,
    logger: app.log,
    cronCheckSeconds: config.jobs.cronCheckSeconds,
  });
  const retry = queueOutboxRetry(jobs);
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outbox,
    onError: warn('mail not sent'),
    retry,
  });
  const smsProvider =
    overrides.smsProvider ??
    (config.sms.provider === 'twilio' ? twilioProvider(config.sms) : undefined);
  const sms = createSmsSender({
    provider: smsProvider,
    from: config.sms.from,
    outbox,
    onError: warn('sms not sent'),
    retry,
  });
  jobs.register(
    outboxDeliveryJob({
      outbox,
      sendEmail: (m) => mailer.deliver(m),
      sendSms: (m) => sms.deliver(m),
      ...clock,
    }),
  );
  const limiter = createRateLimiter({
    redisUrl: config.redisUrl,
    log: app.log,
    now: () => now().getTime(),
  });
  let eventsRedis: { pub: Redis; sub: Redis } | undefined;
  if (config.redisUrl) {
    // While Redis is away a publish fails at once (no offline queue to grow) and is logged; the
    // event still runs in this process. The outage is logged once, not per reconnection.
    const pub = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const sub = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
    let outage = false;
    const lost = (error: unknown) => {
      if (outage) return;
      outage = true;
      warn('Redis is not answering: events stay on this process until it is back')(error);
    };
    pub.on('error', lost);
    sub.on('error', lost);
    pub.on('ready', () => {
      outage = false;
    });
    eventsRedis = { pub, sub };
  }
  const events = createEventBus({
    redis: eventsRedis,
    onError: (what, error) => warn(what)(error),
  });
  const realtime = attachRealtime(app, {
    sessions,
    redisUrl: config.redisUrl,
    corsOrigins: config.native.origins,
    recheckIntervalMs: config.session.socketRecheckSeconds * 1000,
    ...clock,
  });

  return {
    apiVersion,
    log: app.log,
    warn,
    now,
    clock,
    database,
    audit: createAuditService(createAuditRepo(db)),
    events,
    jobs,
    sessions,
    hasher: overrides.hasher ?? createPasswordHasher(),
    mailer,
    sms,
    limiter,
    gateway: overrides.gateway ?? createGateway(config, db),
    realtime,
    outbox,
    /** After the HTTP server closed (app.ts closes the socket server before, in preClose). */
    async close() {
      await events.close();
      mailer.close();
      await limiter.close();
      if (eventsRedis) {
        disconnectRedis(eventsRedis.pub);
        disconnectRedis(eventsRedis.sub);
      }
    },
  };
}

/** The configured payment gateway: the built-in sandbox, or Authorize.Net. */
function createGateway(config: Config, db: Db): PaymentGateway {
  const gateway = config.payments.gateway;
  if (gateway.kind === 'authorize-net') {
    return createAuthorizeNetGateway({
      apiLoginId: gateway.apiLoginId,
      transactionKey: gateway.transactionKey,
      endpoint: gateway.endpoint,
    });
  }
  return createSandboxGateway({ store: createSandboxStore(db) });
}

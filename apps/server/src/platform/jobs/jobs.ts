import { type Job, PgBoss } from 'pg-boss';
import type { RawDatabase } from '../../db/client';
import { loggableError } from '../http';
import { errorText, idFromKey, pgliteAdapter, sourceOutputOf, storedFailure } from './jobs-helpers';

export { idFromKey, maskContacts } from './jobs-helpers';

/**
 * Background jobs (house rule 11): work that must survive a restart or run later is a job on
 * the PostgreSQL queue, never a timer. The queue is pg-boss, on whichever database the app runs:
 * PGlite through pg-boss's own PGlite adapter (`backend: 'pglite'`, statements queued on the one
 * in-process connection with the app's), PostgreSQL through a small pool of pg-boss's own (plus
 * one LISTEN connection, so a new job wakes a worker at once).
 *
 * What pg-boss guarantees and this facade relies on:
 * - a job is claimed by one worker, in any number of processes (`FOR UPDATE SKIP LOCKED` in one
 *   statement), so it runs once — unless its run outlives `expireInSeconds` or its process dies,
 *   when it is retried: handlers must be idempotent (check the state they are about to change);
 * - a running job's worker beats (every `heartbeatSeconds / 4`); a job whose beats stop for
 *   `heartbeatSeconds` (its process died or lost the database) is failed by the next supervise
 *   pass of any live process and retried like any failure, so it is not held for its whole
 *   `expireInSeconds`. A long run on a live process keeps beating and is never failed so;
 * - a failed run is retried after `retryDelaySeconds`, doubled each time with `retryBackoff`;
 *   after `retryLimit` retries the job moves to the dead-letter queue, where it stays (30 days)
 *   until an operator redrives it (`deadLetters()`, `redrive()`, GET /api/ops/jobs/dead);
 * - a job sent with `startAfter` waits in the table, so it runs after a restart.
 */

/** A job's payload: ids and flags only. Never PHI: a job carries the id to look the record up. */
export type JobScalar = string | number | boolean | null;

/**
 * Every job of the app, by name, with its payload. A job file adds its entry by declaration
 * merging:
 *
 *     declare module './jobs' {
 *       interface JobPayloads { 'outbox.deliver': { outboxId: number } }
 *     }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging in each job file.
export interface JobPayloads {}

/** A registry of job names to payloads whose fields are all scalars. */
export type PayloadRegistry<P> = { [N in keyof P]: { [F in keyof P[N]]: JobScalar } };

export interface JobOptions {
  /** Retries after the first attempt before the job is dead-lettered. */
  retryLimit: number;
  /** Whole seconds before the first retry. */
  retryDelaySeconds: number;
  /** Doubles the delay for each further retry (with jitter), up to `retryDelayMaxSeconds`. */
  retryBackoff: boolean;
  retryDelayMaxSeconds?: number;
  /** A run still going after this long counts as failed (its signal is aborted) and is retried. */
  expireInSeconds: number;
  /**
   * A run whose worker has not beaten for this long (its process died) counts as failed and is
   * retried, using one of its retries: whole seconds, at least 10 (pg-boss's floor). Default 20.
   */
  heartbeatSeconds?: number;
  /** Handlers of this job running at once in this process (default 1). */
  concurrency?: number;
  /**
   * At most one job of this name queued or running across every process (pg-boss's `exclusive`
   * policy); a send while one is queued or running is dropped. With `singletonKey`, one per key.
   */
  exclusive?: boolean;
}

export interface JobContext {
  readonly id: string;
  /** 1 for the first run, 2 for the first retry, ... */
  readonly attempt: number;
  /** Aborted when the run expires or the process stops past its grace. */
  readonly signal: AbortSignal;
}

export type JobHandler<T> = (payload: T, context: JobContext) => Promise<void>;

/** A job a job file exports: `jobs.register(definition)`. */
export interface JobDefinition<P, N extends keyof P & string> {
  readonly name: N;
  readonly handler: JobHandler<P[N]>;
  readonly options: JobOptions;
  /** Recurring: a cron expression (UTC, minute resolution) and the payload each run gets. */
  readonly schedule?: { readonly cron: string; readonly payload: P[N] };
}

export interface SendOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /** Not before this many seconds from now. */
  delaySeconds?: number;
  /**
   * The same key for the same job name makes the same job: a second send is dropped (answers
   * null) for as long as the first is stored (7 days after it completes; 30 once dead).
   */
  idempotencyKey?: string;
  /** With an `exclusive` job: one queued-or-running job per key instead of one in all. */
  singletonKey?: string;
}

export interface DeadLetter {
  /** The dead-letter entry's id (what `redrive` takes). */
  id: string;
  /** The job's name and the id it had when it failed. */
  job: string;
  jobId: string | null;
  payload: Record<string, JobScalar>;
  /** Runs made before it was given up. */
  attempts: number;
  /** The last run's error, as the facade stored it (no stack, contact details masked). */
  error: string | null;
  /** When it was first queued, and when it was dead-lettered. */
  queuedAt: string | null;
  deadAt: string;
}

export interface Jobs<P extends PayloadRegistry<P> = JobPayloads> {
  /** Declares a job and its handler; before `start()`. */
  define<N extends keyof P & string>(name: N, handler: JobHandler<P[N]>, options: JobOptions): void;
  /** `define` plus the definition's schedule, if it has one. */
  register<N extends keyof P & string>(definition: JobDefinition<P, N>): void;
  /** Recurring runs: a cron expression in UTC (minute resolution). Kept in the database. */
  schedule<N extends keyof P & string>(name: N, cron: string, payload: P[N]): Promise<void>;
  /** Queues a job; its id, or null when the idempotency key or exclusivity dropped it. */
  send<N extends keyof P & string>(
    name: N,
    payload: P[N],
    options?: SendOptions,
  ): Promise<string | null>;
  /** Installs or migrates the queue's tables, creates the queues, starts the workers. */
  start(): Promise<void>;
  /**
   * Stops fetching, waits up to `graceMs` for running handlers, then fails what still runs (it
   * is retried later, by this or another process) and lets go of the database.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Jobs that used up their retries, oldest first. */
  deadLetters(limit?: number): Promise<DeadLetter[]>;
  /** Puts dead-lettered jobs (by dead-letter id; all when omitted) back on their queues. */
  redrive(ids?: string[]): Promise<number>;
  /**
   * Jobs per queue and state, as pg-boss's monitor last counted them (its `queue` table: one
   * cheap read, as fresh as the last monitor pass). Empty before `start()`.
   */
  queueCounts(): Promise<QueueCount[]>;
}

/** The states queueCounts reports: pg-boss's counters (queued = deferred + blocked + ready). */
export const jobStates = ['deferred', 'blocked', 'ready', 'active', 'failed'] as const;
export interface QueueCount {
  queue: string;
  state: (typeof jobStates)[number];
  count: number;
}

/** pino's shape (Fastify's `app.log` fits). */
export interface JobsLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The one dead-letter queue: every job's last failure lands here. */
export const deadLetterQueue = 'dead-letter';
const deadLetterRetentionSeconds = 30 * 24 * 3600;
/** A run's worker beats four times per `heartbeatSeconds`, so three late beats fail nothing. */
export const defaultHeartbeatSeconds = 20;
const beatsPerHeartbeat = 4;

export function createJobs<P extends PayloadRegistry<P> = JobPayloads>(deps: {
  database: { readonly raw: RawDatabase };
  logger: JobsLogger;
  /** Names this process in pg-boss's instance registry (`pgboss.instance`). */
  instanceName?: string;
  /**
   * How often an idle worker looks for due jobs (delayed ones, retries): default 5 s, at least
   * 0.5. A newly sent job wakes workers at once through LISTEN/NOTIFY.
   */
  pollIntervalSeconds?: number;
  /**
   * How often pg-boss looks for a scheduled (cron) job that has come due: default 30 s, 1 to 45.
   * A server whose clock is moved in a test (e2e's presence server) checks every second.
   */
  cronCheckSeconds?: number;
  /** PostgreSQL only: pg-boss's own pool size (default 4). */
  poolSize?: number;
  /**
   * How often pg-boss's supervise and monitor pass runs (default 10 s, at least 1): it fails the
   * jobs whose heartbeat stopped or whose `expireInSeconds` ran out, and counts the queues.
   */
  superviseSeconds?: number;
}): Jobs<P> {
  const { logger } = deps;
  const pollSeconds = deps.pollIntervalSeconds ?? 5;
  const definitions = new Map<string, { handler: JobHandler<never>; options: JobOptions }>();
  const schedules: { name: string; cron: string; payload: object }[] = [];
  let boss: PgBoss | undefined;
  let started = false;

  function newBoss(): PgBoss {
    const raw = deps.database.raw;
    const superviseSeconds = deps.superviseSeconds ?? 10;
    const common = {
      useListenNotify: true,
      // pg-boss's resolver of flows (jobs sent with `dependsOn` through `flow()`) claims its gate
      // every 5 s by default; this facade sends no flows, and on the embedded database that pass
      // was a fifth of an idle server's CPU (1.0-1.1 CPU-seconds a minute, 0.8-0.9 without it).
      flowIntervalSeconds: 300,
      // One pass is as frequent as the longer of the two (see pg-boss's boss.js), so both move.
      superviseIntervalSeconds: superviseSeconds,
      monitorIntervalSeconds: superviseSeconds,
      ...(deps.cronCheckSeconds
        ? {
            cronMonitorIntervalSeconds: deps.cronCheckSeconds,
            cronWorkerIntervalSeconds: Math.min(deps.cronCheckSeconds, 5),
          }
        : {}),
      ...(deps.instanceName ? { instanceName: deps.instanceName } : {}),
    };
    const created =
      raw.kind === 'pglite'
        ? new PgBoss({ ...common, backend: 'pglite', db: pgliteAdapter(raw) })
        : new PgBoss({
            ...common,
            connectionString: raw.connectionString,
            max: deps.poolSize ?? 4,
          });
    // An unheard 'error' event would end the process. What pg-boss reports here is its own
    // maintenance or a lost connection; the kind and code are enough, the message may quote SQL.
    created.on('error', (error) =>
      logger.error({ error: loggableError(error) }, 'job queue error'),
    );
    created.on('warning', (warning) =>
      logger.warn(
        { type: (warning.data as { type?: unknown } | undefined)?.type },
        `job queue warning: ${warning.message}`,
      ),
    );
    return created;
  }

  function queueOptions(options: JobOptions) {
    return {
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: options.retryBackoff,
      ...(options.retryDelayMaxSeconds !== undefined
        ? { retryDelayMax: options.retryDelayMaxSeconds }
        : {}),
      expireInSeconds: options.expireInSeconds,
      heartbeatSeconds: heartbeatOf(options),
      deadLetter: deadLetterQueue,
      notify: true,
    };
  }

  async function applySchedule(b: PgBoss, name: string, cron: string, payload: object) {
    await b.schedule(name, cron, payload, { tz: 'UTC' });
  }

  function run(name: string, handler: JobHandler<never>, options: JobOptions) {
    return async ([job]: Job<object>[]) => {
      if (!job) return;
      const attempt = job.retryCount + 1;
      try {
        await handler(job.data as never, { id: job.id, attempt, signal: job.signal });
      } catch (error) {
        const final = job.retryCount >= options.retryLimit;
        const detail = { job: name, jobId: job.id, attempt, error: loggableError(error) };
        if (final) logger.error(detail, 'job failed for the last time: dead-lettered');
        else logger.warn(detail, 'job failed: will retry');
        throw storedFailure(error);
      }
    };
  }

  const jobs: Jobs<P> = {
    define(name, handler, options) {
      if (started) throw new Error(`job ${name} defined after start()`);
      if (definitions.has(name)) throw new Error(`job ${name} defined twice`);
      definitions.set(name, { handler: handler as JobHandler<never>, options });
    },

    register(definition) {
      jobs.define(definition.name, definition.handler, definition.options);
      if (definition.schedule) {
        schedules.push({
          name: definition.name,
          cron: definition.schedule.cron,
          payload: definition.schedule.payload as object,
        });
      }
    },

    async schedule(name, cron, payload) {
      if (boss && started) await applySchedule(boss, name, cron, payload as object);
      else schedules.push({ name, cron, payload: payload as object });
    },

    async send(name, payload, options = {}) {
      if (!boss || !started) throw new Error(`job ${name} sent before start()`);
      const startAfter =
        options.startAfter ??
        (options.delaySeconds !== undefined
          ? new Date(Date.now() + options.delaySeconds * 1000)
          : undefined);
      return await boss.send(name, payload as object, {
        ...(startAfter ? { startAfter } : {}),
        ...(options.idempotencyKey ? { id: idFromKey(name, options.idempotencyKey) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    },

    async start() {
      if (started) return;
      boss = newBoss();
      await boss.start();
      await boss.createQueue(deadLetterQueue, { retentionSeconds: deadLetterRetentionSeconds });
      for (const [name, { options }] of definitions) {
        const wanted = queueOptions(options);
        await boss.createQueue(name, {
          ...wanted,
          policy: options.exclusive ? 'exclusive' : 'standard',
        });
        // createQueue keeps an existing queue as it was; the code's options win on every start.
        await boss.updateQueue(name, wanted);
      }
      for (const { name, cron, payload } of schedules.splice(0)) {
        await applySchedule(boss, name, cron, payload);
      }
      for (const [name, { handler, options }] of definitions) {
        await boss.work(
          name,
          {
            batchSize: 1,
            localConcurrency: options.concurrency ?? 1,
            // With NOTIFY on, pg-boss would otherwise poll only every 30 s, and a retry or a
            // delayed job sends no notification when it comes due.
            pollingIntervalSeconds: pollSeconds,
            notifyPollingIntervalSeconds: pollSeconds,
            heartbeatRefreshSeconds: heartbeatOf(options) / beatsPerHeartbeat,
          },
          run(name, handler, options),
        );
      }
      started = true;
    },

    async stop(options = {}) {
      if (!boss) return;
      const stopping = boss;
      started = false;
      boss = undefined;
      await stopping.stop({ graceful: true, timeout: options.graceMs ?? 10_000, close: true });
    },

    async deadLetters(limit = 100) {
      if (!boss || !started) throw new Error('dead letters read before start()');
      const found = await boss.findJobs<Record<string, JobScalar>>(deadLetterQueue, {
        queued: true,
        limit,
      });
      return found.map((row) => ({
        id: row.id,
        job: row.sourceName ?? 'unknown',
        jobId: row.sourceId,
        payload: row.data ?? {},
        attempts: (row.sourceRetryCount ?? 0) + 1,
        error: errorText(sourceOutputOf(row)),
        queuedAt: row.sourceCreatedOn ? new Date(row.sourceCreatedOn).toISOString() : null,
        deadAt: new Date(row.createdOn).toISOString(),
      }));
    },

    async redrive(ids) {
      if (!boss || !started) throw new Error('redrive before start()');
      return await boss.redrive(deadLetterQueue, ids ? { ids } : {});
    },

    async queueCounts() {
      if (!boss || !started) return [];
      const queues = await boss.getQueues();
      return queues.flatMap((q) => [
        { queue: q.name, state: 'deferred' as const, count: q.deferredCount },
        { queue: q.name, state: 'blocked' as const, count: q.blockedCount },
        { queue: q.name, state: 'ready' as const, count: q.readyCount },
        { queue: q.name, state: 'active' as const, count: q.activeCount },
        { queue: q.name, state: 'failed' as const, count: q.failedCount },
      ]);
    },
  };
  return jobs;
}

function heartbeatOf(options: JobOptions): number {
  return options.heartbeatSeconds ?? defaultHeartbeatSeconds;
}

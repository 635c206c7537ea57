import {
  type DevOutboxResponse,
  devOutboxResponseSchema,
  healthResponseSchema,
  liveResponseSchema,
  type ReadyResponse,
  readyResponseSchema,
} from '@apothecall/domain/system/system.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * Health for load balancers and orchestrators. /health/live asks nothing (the process answers);
 * /health/ready asks the database (a query, the migrations) and Redis (PING) and is 503 when the
 * database cannot serve (docs/operations.md, "Running in production").
 *
 * /health, the older combined check: 503 when the database does not answer (this
 * process cannot serve; take it out). Redis away is 200 with status 'degraded' and
 * redis 'degraded': the process still serves everything, counting logins in memory meanwhile
 * (docs/operations.md).
 */
export function systemRoutes(deps: {
  ping: () => Promise<boolean>;
  kind: 'pglite' | 'postgres';
  version: string;
  /** Where the rate-limit counters live ('memory' without REDIS_URL). */
  redis?: () => 'memory' | 'up' | 'degraded';
  /** Committed migrations the database lacks (rejects when it does not answer). */
  pendingMigrations: () => Promise<number>;
  /** Redis asked now (PING); 'memory' without REDIS_URL. */
  pingRedis: () => Promise<'memory' | 'up' | 'down'>;
  /** How long each readiness check may take before it counts as failed. */
  checkTimeoutMs?: number;
}) {
  const timeoutMs = deps.checkTimeoutMs ?? 2_000;
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Service, database and Redis health',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const up = await deps.ping();
        const redis = deps.redis?.() ?? 'memory';
        return reply.status(up ? 200 : 503).send({
          status: up && redis !== 'degraded' ? 'ok' : 'degraded',
          database: up ? 'up' : 'down',
          databaseKind: deps.kind,
          ...(redis === 'memory' ? {} : { redis }),
          version: deps.version,
        });
      },
    );
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health/live',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness: the process answers (no dependency is asked)',
          response: { 200: liveResponseSchema },
        },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'Readiness: the database answers and is migrated (Redis reported)',
          response: { 200: readyResponseSchema, 503: readyResponseSchema },
        },
      },
      async (_request, reply) => {
        const [pending, redis] = await Promise.all([
          within(timeoutMs, deps.pendingMigrations()),
          within(timeoutMs, deps.pingRedis()),
        ]);
        const database = pending === undefined ? 'down' : 'up';
        const migrations =
          database === 'down' ? 'unknown' : pending === 0 ? 'applied' : ('pending' as const);
        const failed: ReadyResponse['failed'] = [];
        if (database === 'down') failed.push('database');
        if (migrations === 'pending') failed.push('migrations');
        const redisState = redis ?? 'down';
        const body: ReadyResponse = {
          status: failed.length > 0 ? 'unavailable' : redisState === 'down' ? 'degraded' : 'ok',
          failed,
          database,
          migrations,
          ...(redisState === 'memory' ? {} : { redis: redisState }),
        };
        return reply.status(failed.length > 0 ? 503 : 200).send(body);
      },
    );
  };
}

/** The promise's value, or undefined when it rejects or takes longer than `ms`. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/dev/outbox: the e-mails and SMS the server sent or would have sent. Only registered
 * when EXPOSE_OUTBOX=true (tests and local demos); it opens the sealed bodies of messages not yet
 * sent, reset links among them, so never in production. A sent message shows no text: its body
 * was purged when it went out.
 */
export function outboxRoutes(outbox: {
  list(limit: number): Promise<DevOutboxResponse['messages']>;
}) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/dev/outbox',
        { schema: { hide: true, response: { 200: devOutboxResponseSchema } } },
        async () => ({ error: false as const, messages: await outbox.list(500) }),
      );
  };
}

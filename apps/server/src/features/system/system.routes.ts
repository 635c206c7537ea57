import {
  type DevOutboxResponse,
  devOutboxResponseSchema,
  healthResponseSchema,
} from '@apothecall/domain/system/system.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * Liveness and readiness for a load balancer: 503 when the database does not answer (this
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
}) {
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
  };
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  databaseKind: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/** Liveness and readiness: 200 when the database answers, 503 when it does not. */
export function systemRoutes(deps: {
  ping: () => Promise<boolean>;
  kind: 'pglite' | 'postgres';
  version: string;
}) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Service and database health',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
        const up = await deps.ping();
        return reply.status(up ? 200 : 503).send({
          status: up ? 'ok' : 'degraded',
          database: up ? 'up' : 'down',
          databaseKind: deps.kind,
          version: deps.version,
        });
      },
    );
  };
}

/**
 * GET /api/dev/outbox: the e-mails and SMS the server sent or would have sent. Only registered
 * when EXPOSE_OUTBOX=true (tests and local demos); it carries reset links, so never in
 * production.
 */
export function outboxRoutes(outbox: { list(limit: number): Promise<unknown[]> }) {
  return async (app: FastifyInstance) => {
    app.get('/dev/outbox', { schema: { hide: true } }, async () => ({
      error: false,
      messages: await outbox.list(500),
    }));
  };
}

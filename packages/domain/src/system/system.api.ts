import { z } from 'zod';

/**
 * GET /health: liveness and readiness for a load balancer (200, or 503 when the database does
 * not answer). `redis` is only there with REDIS_URL: whether the shared counters (and socket
 * fan-out) reach Redis.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  databaseKind: z.enum(['pglite', 'postgres']),
  redis: z.enum(['up', 'degraded']).optional(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /health/live: the process is up and its event loop turns. Asks no dependency. */
export const liveResponseSchema = z.object({ status: z.literal('ok') });

/**
 * GET /health/ready: whether this process can serve now. 503 when a dependency it cannot serve
 * without failed (`failed` names them): the database does not answer a query, or it lacks
 * migrations this build needs. Redis (only with REDIS_URL) is asked too (PING), but a Redis
 * that does not answer leaves the process ready, `status: 'degraded'`: every process shares
 * Redis, so taking them all out of rotation for it would stop a service that still works.
 */
export const readyResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  failed: z.array(z.enum(['database', 'migrations'])),
  database: z.enum(['up', 'down']),
  /** 'unknown' while the database does not answer. */
  migrations: z.enum(['applied', 'pending', 'unknown']),
  redis: z.enum(['up', 'down']).optional(),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

/**
 * GET /dev/outbox (only with EXPOSE_OUTBOX=true: tests and local demos; it carries reset links):
 * the newest 500 e-mails and SMS the server sent or would have sent, oldest first. A message's
 * text and attachments are kept (sealed) only until it is sent or given up: after that `text`
 * is null and `body` says 'purged' (docs/privacy.md, "Messages we send").
 */
export const devOutboxResponseSchema = z.object({
  error: z.literal(false),
  messages: z.array(
    z.object({
      id: z.number().int(),
      channel: z.enum(['email', 'sms']),
      to: z.string(),
      subject: z.string().nullable(),
      /** Null once the body is gone (`body` says why). */
      text: z.string().nullable(),
      /**
       * 'sealed': stored (encrypted) and shown here; 'purged': sent or given up, nothing kept;
       * 'other-key' / 'damaged': stored but not readable with this server's key.
       */
      body: z.enum(['sealed', 'purged', 'other-key', 'damaged']),
      /** E-mail attachments by name and type (an appointment's .ics), with their text. */
      attachments: z
        .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }))
        .optional(),
      status: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type DevOutboxResponse = z.infer<typeof devOutboxResponseSchema>;

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

/**
 * GET /dev/outbox (only with EXPOSE_OUTBOX=true: tests and local demos; it carries reset links):
 * the newest 500 e-mails and SMS the server sent or would have sent, oldest first.
 */
export const devOutboxResponseSchema = z.object({
  error: z.literal(false),
  messages: z.array(
    z.object({
      id: z.number().int(),
      channel: z.enum(['email', 'sms']),
      to: z.string(),
      subject: z.string().nullable(),
      text: z.string(),
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

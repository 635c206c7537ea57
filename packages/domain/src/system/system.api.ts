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

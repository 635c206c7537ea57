import { z } from 'zod';

/**
 * Operator calls on the background job queue (docs/operations.md, "Background jobs"): the jobs
 * that used up their retries (the dead-letter state) and putting them back on their queues.
 * Payloads carry ids only, never PHI.
 */
export const deadLetterSchema = z.object({
  /** The dead-letter entry's id (what a redrive names). */
  id: z.string(),
  /** The job's name, and the id it had when it failed. */
  job: z.string(),
  jobId: z.string().nullable(),
  payload: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** Runs made before it was given up. */
  attempts: z.number().int().positive(),
  /** The last run's error: no stack, contact details masked. */
  error: z.string().nullable(),
  queuedAt: z.string().nullable(),
  deadAt: z.string(),
});
export type DeadLetterEntry = z.infer<typeof deadLetterSchema>;

export const deadLettersRequestSchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const deadLettersResponseSchema = z.object({
  error: z.literal(false),
  deadLetters: z.array(deadLetterSchema),
});

export const redriveRequestSchema = z.object({
  /** Dead-letter ids to put back; all of them when omitted. */
  ids: z.array(z.uuid()).min(1).max(1000).optional(),
});

export const redriveResponseSchema = z.object({
  error: z.literal(false),
  redriven: z.number().int().nonnegative(),
});

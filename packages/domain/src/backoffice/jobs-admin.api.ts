import { z } from 'zod';

/**
 * The back office's Jobs and outbox (area 'jobs'): failed (dead-lettered) jobs and
 * undelivered messages, each retried once. Never a payload, a message body, a push token or a
 * full address: the name, when, attempts and the error's code; the channel and a masked
 * recipient.
 */
export const failedJobSchema = z.object({
  /** The dead-letter entry's id (what a retry names). */
  id: z.string(),
  job: z.string(),
  attempts: z.number().int().nonnegative(),
  /** The last run's error, reduced to a short code-like kind (no payload, no address). */
  errorKind: z.string().nullable(),
  queuedAt: z.string().nullable(),
  failedAt: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobsResponseSchema = z.object({
  error: z.literal(false),
  jobs: z.array(failedJobSchema),
});

export const failedJobParamsSchema = z.object({ id: z.uuid() });

export const jobRetryResponseSchema = z.object({
  error: z.literal(false),
  /** False when there was nothing to retry (already retried, or not a dead letter). */
  retried: z.boolean(),
});

export const outboxStatuses = ['failed', 'pending'] as const;
export const outboxQuerySchema = z.object({
  status: z.enum(outboxStatuses).default('failed'),
});

export const undeliveredMessageSchema = z.object({
  id: z.number().int().positive(),
  channel: z.string(),
  /** The last four digits of a phone, or the first letter and the domain of an e-mail. */
  recipient: z.string(),
  /** What the message is (its subject's template, or the channel's kind). */
  kind: z.string(),
  status: z.string(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** True when its text was purged (given up): a retry cannot send it. */
  purged: z.boolean(),
});
export type UndeliveredMessage = z.infer<typeof undeliveredMessageSchema>;

export const outboxListResponseSchema = z.object({
  error: z.literal(false),
  messages: z.array(undeliveredMessageSchema),
});

export const outboxParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

export const outboxRetryResponseSchema = z.object({
  error: z.literal(false),
  /** False when it was already re-queued, sent, or can no longer be sent. */
  retried: z.boolean(),
});

/** Masks a recipient for operators: `j…@example.com`, `…4321`. */
export function maskRecipient(channel: string, recipient: string): string {
  if (recipient.includes('@')) {
    const [local, domain] = [
      recipient.slice(0, recipient.lastIndexOf('@')),
      recipient.slice(recipient.lastIndexOf('@') + 1),
    ];
    return `${local.slice(0, 1)}…@${domain}`;
  }
  const digits = recipient.replace(/\D/g, '');
  if (channel === 'sms' || digits.length >= 4) return `…${digits.slice(-4)}`;
  return '…';
}

/** Reduces a stored error text to its kind: a code when it has one, else its first words. */
export function errorKindOf(error: string | null | undefined): string | null {
  if (!error) return null;
  const code = /\b(E[A-Z]{3,}|[A-Z][A-Z0-9_]{3,})\b/.exec(error);
  if (code) return code[1] ?? null;
  return error
    .replace(/\S+@\S+/g, '…')
    .replace(/\+?\d[\d\s().-]{5,}\d/g, '…')
    .slice(0, 60);
}

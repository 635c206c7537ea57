import type { MailHeaders, OutboxMessage } from '../outbox.repo';
import type { JobDefinition, JobPayloads, Jobs } from './jobs';

declare module './jobs' {
  interface JobPayloads {
    /** Re-sends one outbox message whose delivery failed. The id only: the text stays in its row. */
    'outbox.deliver': { outboxId: number };
  }
}

export const outboxDeliveryJobName = 'outbox.deliver';

/** Seconds before the first re-send; pg-boss then backs off from `retryDelaySeconds`. */
export const firstRetryDelaySeconds = 30;

/**
 * Delivery retries for e-mail and SMS (platform/mail.service.ts, platform/sms.service.ts): when a
 * send fails, the sender marks the outbox row `failed` and queues this job with the row's id.
 * The job reads the row back and sends it again through the same channel; it is marked `sent`,
 * or `failed` with the new error and the job throws, so pg-boss retries with backoff
 * (after about 30-60 s, 1-2 min, 2-4 min) and dead-letters it after the third retry; the row
 * stays `failed`. The first re-send is 30 s after the failure, so all four tries fit in eight
 * minutes.
 *
 * Idempotent: a row already `sent` (or never meant to leave the outbox) is left alone, so a
 * duplicate or redriven job sends nothing twice — except when a process dies between the
 * provider's acceptance and the `sent` write, where the message goes out again (at least once).
 * Messages older than `maxAgeSeconds` (say, after a long outage) are not re-sent: a sign-in code
 * or meet link is useless late, and confusing. Their rows stay `failed`.
 */
export function outboxDeliveryJob(deps: {
  outbox: {
    find(id: number): Promise<OutboxMessage | undefined>;
    setStatus(
      id: number,
      status: string,
      detail: { providerId?: string; error?: string },
    ): Promise<void>;
  };
  /** Sends an e-mail; resolves with the provider's id, throws when refused. */
  sendEmail?: (message: {
    to: string;
    subject: string;
    text: string;
    attachments?: { filename: string; contentType: string; content: string }[];
    headers?: MailHeaders;
  }) => Promise<string | undefined>;
  /** Sends an SMS; resolves with the provider's id, throws when refused. */
  sendSms?: (message: { to: string; body: string }) => Promise<string | undefined>;
  /** Default 15 minutes, comfortably past the retries' eight. */
  maxAgeSeconds?: number;
  now?: () => Date;
}): JobDefinition<JobPayloads, 'outbox.deliver'> {
  const now = deps.now ?? (() => new Date());
  const maxAgeMs = (deps.maxAgeSeconds ?? 15 * 60) * 1000;
  return {
    name: outboxDeliveryJobName,
    options: {
      retryLimit: 3,
      retryDelaySeconds: firstRetryDelaySeconds,
      retryBackoff: true,
      retryDelayMaxSeconds: 5 * 60,
      // The SMTP and Twilio calls time out after 10 s.
      expireInSeconds: 60,
      concurrency: 2,
    },
    async handler({ outboxId }) {
      const message = await deps.outbox.find(outboxId);
      if (!message || message.status === 'sent' || message.status === 'outbox') return;
      if (now().getTime() - Date.parse(message.createdAt) > maxAgeMs) return;
      try {
        const providerId =
          message.channel === 'sms'
            ? await required(deps.sendSms, 'sms')({ to: message.to, body: message.text })
            : await required(
                deps.sendEmail,
                'email',
              )({
                to: message.to,
                subject: message.subject ?? '',
                text: message.text,
                ...(message.attachments ? { attachments: message.attachments } : {}),
                ...(message.headers ? { headers: message.headers } : {}),
              });
        await deps.outbox.setStatus(outboxId, 'sent', providerId ? { providerId } : {});
      } catch (error) {
        await deps.outbox.setStatus(outboxId, 'failed', {
          error: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
        });
        throw error;
      }
    },
  };
}

function required<T>(channel: T | undefined, name: string): T {
  if (!channel) throw new Error(`no ${name} channel configured for re-sending`);
  return channel;
}

/**
 * What the senders call when a send fails: queues the re-send. One job per message (the
 * idempotency key is the outbox id), so a second failure report does not double it.
 */
export function queueOutboxRetry(jobs: Pick<Jobs, 'send'>) {
  return async (outboxId: number): Promise<void> => {
    await jobs.send(
      'outbox.deliver',
      { outboxId },
      { delaySeconds: firstRetryDelaySeconds, idempotencyKey: `outbox:${outboxId}` },
    );
  };
}

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

/** Re-sends after the sender's own try; the one after the last gives the message up. */
const retryLimit = 3;

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
 *
 * The body is sealed in the row (outbox.repo.ts) and opened only here. It is purged once the
 * message is sent (the repo does so with `sent`) and once delivery is given up: a message found
 * too old, or the last try failing. A redrive after that finds nothing to send and leaves the
 * row `failed`. A body this process cannot open (sealed under another key, or damaged) is a
 * failure like a refused send: recorded and retried (another process may hold that key).
 */
export function outboxDeliveryJob(deps: {
  outbox: {
    find(id: number): Promise<OutboxMessage | undefined>;
    setStatus(
      id: number,
      status: string,
      detail: { providerId?: string; error?: string },
    ): Promise<void>;
    purgeBody(id: number): Promise<void>;
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
      retryLimit,
      retryDelaySeconds: firstRetryDelaySeconds,
      retryBackoff: true,
      retryDelayMaxSeconds: 5 * 60,
      // The SMTP and Twilio calls time out after 10 s.
      expireInSeconds: 60,
      concurrency: 2,
    },
    async handler({ outboxId }, context) {
      const message = await deps.outbox.find(outboxId);
      if (!message || message.status === 'sent' || message.status === 'outbox') return;
      // Given up before (or from before bodies were sealed): nothing left to send.
      if (message.body === 'purged') return;
      if (now().getTime() - Date.parse(message.createdAt) > maxAgeMs) {
        await deps.outbox.purgeBody(outboxId);
        return;
      }
      try {
        const text = message.text;
        if (text === null) {
          throw new Error(
            message.body === 'other-key'
              ? 'message body sealed with another key'
              : 'message body failed authentication',
          );
        }
        const providerId =
          message.channel === 'sms'
            ? await required(deps.sendSms, 'sms')({ to: message.to, body: text })
            : await required(
                deps.sendEmail,
                'email',
              )({
                to: message.to,
                subject: message.subject ?? '',
                text,
                ...(message.attachments ? { attachments: message.attachments } : {}),
                ...(message.headers ? { headers: message.headers } : {}),
              });
        await deps.outbox.setStatus(outboxId, 'sent', providerId ? { providerId } : {});
      } catch (error) {
        await deps.outbox.setStatus(outboxId, 'failed', {
          error: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
        });
        // The last try: the message is given up, so its body goes.
        if (context.attempt > retryLimit) await deps.outbox.purgeBody(outboxId);
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

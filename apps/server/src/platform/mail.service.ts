import type { Transporter } from 'nodemailer';
import type { MailAttachment, MailHeaders, OutboxRepo } from './outbox.repo';

/**
 * E-mail: every message is written to the outbox first; with SMTP_URL set it is then sent over
 * SMTP (nodemailer) and marked sent or failed. Without SMTP the outbox is the delivery. A
 * failure to send is recorded, never thrown at the caller: a password-reset request must not
 * tell the requester whether mail could be delivered.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Sent as MIME attachments, and kept in the outbox with the message. */
  attachments?: MailAttachment[];
  /** A reply's threading headers and Reply-To (kept in the outbox with the message). */
  headers?: MailHeaders;
}

export interface Mailer {
  /** Records the message in the outbox and sends it; a failure is queued for retry, never thrown. */
  send(message: MailMessage): Promise<void>;
  /** Sends through SMTP only (the retry job's send): the provider's id, or throws. */
  deliver(message: MailMessage): Promise<string | undefined>;
  close(): void;
}

export function createMailer(deps: {
  smtpUrl: string | undefined;
  from: string;
  outbox: OutboxRepo;
  onError?: (error: unknown) => void;
  /** Queues a re-send of a failed message (the outbox-delivery job). */
  retry?: (outboxId: number) => Promise<void>;
}): Mailer {
  // nodemailer is loaded only with SMTP_URL set (most starts keep mail in the outbox).
  const { smtpUrl } = deps;
  const transport: Promise<Transporter> | undefined = smtpUrl
    ? import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl))
    : undefined;
  // A failure to load is the first send's error (recorded and retried), not an unhandled rejection.
  transport?.catch(() => {});
  async function deliver(message: MailMessage): Promise<string | undefined> {
    if (!transport) throw new Error('no SMTP transport configured');
    const { headers, ...rest } = message;
    const info = await (await transport).sendMail({
      from: deps.from,
      ...rest,
      ...(headers?.messageId ? { messageId: headers.messageId } : {}),
      ...(headers?.inReplyTo ? { inReplyTo: headers.inReplyTo } : {}),
      ...(headers?.references?.length ? { references: headers.references } : {}),
      ...(headers?.replyTo ? { replyTo: headers.replyTo } : {}),
    });
    return String(info.messageId ?? '');
  }
  return {
    deliver,
    async send(message) {
      const id = await deps.outbox.insert({
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: message.text,
        ...(message.attachments ? { attachments: message.attachments } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        status: transport ? 'sending' : 'outbox',
      });
      if (!transport) return;
      try {
        const providerId = await deliver(message);
        await deps.outbox.setStatus(id, 'sent', { providerId: providerId ?? '' });
      } catch (error) {
        await deps.outbox.setStatus(id, 'failed', {
          error: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
        });
        deps.onError?.(error);
        await deps.retry?.(id).catch((e: unknown) => deps.onError?.(e));
      }
    },
    close() {
      void transport?.then(
        (opened) => opened.close(),
        () => {},
      );
    },
  };
}

import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxRepo } from './outbox.repo';

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
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(deps: {
  smtpUrl: string | undefined;
  from: string;
  outbox: OutboxRepo;
  onError?: (error: unknown) => void;
}): Mailer {
  let transport: Transporter | undefined;
  if (deps.smtpUrl) transport = nodemailer.createTransport(deps.smtpUrl);
  return {
    async send(message) {
      const id = await deps.outbox.insert({
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: message.text,
        status: transport ? 'sending' : 'outbox',
      });
      if (!transport) return;
      try {
        const info = await transport.sendMail({ from: deps.from, ...message });
        await deps.outbox.setStatus(id, 'sent', { providerId: String(info.messageId ?? '') });
      } catch (error) {
        await deps.outbox.setStatus(id, 'failed', {
          error: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
        });
        deps.onError?.(error);
      }
    },
    close() {
      transport?.close();
    },
  };
}

import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/platform';

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  /** E-mail attachments (an appointment's .ics), when the message has any. */
  attachments?: MailAttachment[];
  /** Threading headers of a reply (issue 20's inbox), when the message has any. */
  headers?: MailHeaders;
  status: string;
  createdAt: string;
}

/** Headers that make an e-mail a reply in its thread (RFC 5322 section 3.6.4). */
export interface MailHeaders {
  /** Ours, in angle brackets, so the answer to it comes back into the same thread. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /** Where the recipient's answer goes (the pharmacy's inbound address). */
  replyTo?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutboxRepo {
  insert(row: {
    channel: 'email' | 'sms';
    to: string;
    subject?: string;
    body: string;
    attachments?: MailAttachment[];
    headers?: MailHeaders;
    status: string;
  }): Promise<number>;
  setStatus(
    id: number,
    status: string,
    detail: { providerId?: string; error?: string },
  ): Promise<void>;
  /** The newest `limit` messages, oldest first. */
  list(limit: number): Promise<OutboxMessage[]>;
  /** One message by id (the delivery retry job reads it back). */
  find(id: number): Promise<OutboxMessage | undefined>;
}

export function createOutboxRepo(db: Db): OutboxRepo {
  return {
    async insert(row) {
      const [inserted] = await db
        .insert(outbox)
        .values({
          channel: row.channel,
          recipient: row.to,
          subject: row.subject ?? null,
          body: row.body,
          attachments: row.attachments?.length ? row.attachments : null,
          headers: row.headers && Object.keys(row.headers).length ? row.headers : null,
          status: row.status,
        })
        .returning({ id: outbox.id });
      if (!inserted) throw new Error('outbox insert returned nothing');
      return inserted.id;
    },
    async setStatus(id, status, detail) {
      await db
        .update(outbox)
        .set({ status, providerId: detail.providerId ?? null, error: detail.error ?? null })
        .where(eq(outbox.id, id));
    },
    async list(limit) {
      const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
      return rows.reverse().map(toMessage);
    },
    async find(id) {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      return row ? toMessage(row) : undefined;
    },
  };
}

function toMessage(r: typeof outbox.$inferSelect): OutboxMessage {
  return {
    id: r.id,
    channel: r.channel === 'sms' ? 'sms' : 'email',
    to: r.recipient,
    subject: r.subject,
    text: r.body,
    ...(r.attachments?.length ? { attachments: r.attachments } : {}),
    ...(r.headers ? { headers: r.headers } : {}),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}

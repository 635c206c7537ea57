import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/platform';
import { FileIntegrityError, type FilesKey, openBytes, sealBytes } from './files/file-crypto';

/**
 * Where a message's body is: `sealed` (stored encrypted, `text` holds it opened), `purged`
 * (sent or given up, or stored before bodies were sealed: nothing is left), `other-key` (sealed
 * under a key this process does not hold) or `damaged` (it failed authentication).
 */
export type OutboxBodyState = 'sealed' | 'purged' | 'other-key' | 'damaged';

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  /** The text; null unless `body` is 'sealed'. */
  text: string | null;
  body: OutboxBodyState;
  /** E-mail attachments (an appointment's .ics), when the message has any. */
  attachments?: MailAttachment[];
  /** Threading headers of a reply (a pharmacy's inbox), when the message has any. */
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
  /** Stores the message with its text and attachments sealed. */
  insert(row: {
    channel: 'email' | 'sms';
    to: string;
    subject?: string;
    body: string;
    attachments?: MailAttachment[];
    headers?: MailHeaders;
    status: string;
  }): Promise<number>;
  /** Records the delivery state; `sent` also purges the body (nothing is needed from it after). */
  setStatus(
    id: number,
    status: string,
    detail: { providerId?: string; error?: string },
  ): Promise<void>;
  /** Drops the body of a message that will not be sent again (its delivery given up). */
  purgeBody(id: number): Promise<void>;
  /** The newest `limit` messages, oldest first. */
  list(limit: number): Promise<OutboxMessage[]>;
  /** One message by id (the delivery retry job reads it back). */
  find(id: number): Promise<OutboxMessage | undefined>;
  /**
   * Messages still to deliver, by channel and status: 'sending' (handed to the provider, or its
   * process died meanwhile) and 'failed' with a retry still ahead (the body is kept until the
   * message is sent or given up). Messages kept in the outbox only (no provider configured:
   * status 'outbox') are not a backlog.
   */
  backlog(): Promise<{ channel: string; status: string; count: number }[]>;
}

/**
 * The outbox: what a message says (reset, invitation, in-store and
 * sign-in links, codes, an appointment's .ics) is stored only sealed, in the files' envelope
 * (platform/files/file-crypto.ts: AES-256-GCM under FILES_KEY, purpose "outbox", bound to the
 * channel and recipient, so a body moved to another row's recipient does not open), with the
 * key's id beside it; and only until the message is sent or given up, when it is purged. The
 * recipient, subject, threading headers and delivery state stay in clear: delivery, the
 * per-recipient limits and an operator's "did it go out?" need them, and none carries a link
 * or a code.
 */
export function createOutboxRepo(db: Db, key: FilesKey): OutboxRepo {
  const purged = {
    bodySealed: null,
    bodyKeyId: null,
    bodyPurgedAt: sql`coalesce(${outbox.bodyPurgedAt}, now())`,
  };
  return {
    async insert(row) {
      const sealed = await sealOutboxBody(key, row.channel, row.to, {
        text: row.body,
        ...(row.attachments?.length ? { attachments: row.attachments } : {}),
      });
      const [inserted] = await db
        .insert(outbox)
        .values({
          channel: row.channel,
          recipient: row.to,
          subject: row.subject ?? null,
          bodySealed: sealed,
          bodyKeyId: key.id,
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
        .set({
          status,
          providerId: detail.providerId ?? null,
          error: detail.error ?? null,
          ...(status === 'sent' ? purged : {}),
        })
        .where(eq(outbox.id, id));
    },
    async backlog() {
      const rows = await db
        .select({ channel: outbox.channel, status: outbox.status, count: count() })
        .from(outbox)
        .where(and(inArray(outbox.status, ['sending', 'failed']), isNull(outbox.bodyPurgedAt)))
        .groupBy(outbox.channel, outbox.status);
      return rows.map((r) => ({ channel: r.channel, status: r.status, count: Number(r.count) }));
    },
    async purgeBody(id) {
      await db.update(outbox).set(purged).where(eq(outbox.id, id));
    },
    async list(limit) {
      const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
      return Promise.all(rows.reverse().map((row) => openOutboxRow(key, row)));
    },
    async find(id) {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      return row ? openOutboxRow(key, row) : undefined;
    },
  };
}

interface OutboxBody {
  text: string;
  attachments?: MailAttachment[];
}

/** The sealed body binds the channel and the recipient: the row's other columns it answers for. */
const bodyContext = (channel: string, recipient: string) => `${channel}\n${recipient}`;

async function sealOutboxBody(
  key: FilesKey,
  channel: string,
  recipient: string,
  body: OutboxBody,
): Promise<string> {
  const plaintext = Buffer.from(JSON.stringify(body), 'utf8');
  const sealed = await sealBytes(key, bodyContext(channel, recipient), plaintext, 'outbox');
  return sealed.toString('base64');
}

/** A stored row as a message, its body opened when this key can (the retry job, tests). */
export async function openOutboxRow(
  key: FilesKey,
  r: typeof outbox.$inferSelect,
): Promise<OutboxMessage> {
  const opened = await openBody(key, r);
  return {
    id: r.id,
    channel: r.channel === 'sms' ? 'sms' : 'email',
    to: r.recipient,
    subject: r.subject,
    text: 'text' in opened ? opened.text : null,
    body: 'text' in opened ? 'sealed' : opened.state,
    ...('text' in opened && opened.attachments?.length ? { attachments: opened.attachments } : {}),
    ...(r.headers ? { headers: r.headers } : {}),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}

async function openBody(
  key: FilesKey,
  r: typeof outbox.$inferSelect,
): Promise<OutboxBody | { state: Exclude<OutboxBodyState, 'sealed'> }> {
  if (r.bodySealed === null) return { state: 'purged' };
  if (r.bodyKeyId !== key.id) return { state: 'other-key' };
  try {
    const plaintext = await openBytes(
      key,
      bodyContext(r.channel, r.recipient),
      Buffer.from(r.bodySealed, 'base64'),
      'outbox',
    );
    const body = JSON.parse(plaintext.toString('utf8')) as OutboxBody;
    return typeof body.text === 'string' ? body : { state: 'damaged' };
  } catch (error) {
    if (error instanceof FileIntegrityError || error instanceof SyntaxError) {
      return { state: 'damaged' };
    }
    throw error;
  }
}

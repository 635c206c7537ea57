import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** Sessions: the token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    tokenHash: text('token_hash').notNull().unique(),
    platform: text('platform').notNull(),
    version: text('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /**
     * When this session last proved the account's password (its password login, or a password
     * entered again); null for a biometric login. Turning on a device credential asks for a
     * recent one.
     */
    passwordProvenAt: timestamp('password_proven_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_id_idx').on(t.accountId)],
);

/**
 * Append-only audit trail: who did what to whose record, when and from where. Holds ids and
 * action names, never clinical content.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorAccountId: uuid('actor_account_id'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    subjectAccountId: uuid('subject_account_id'),
    subjectPersonId: uuid('subject_person_id'),
    ip: text('ip'),
    requestId: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_subject_person_idx').on(t.subjectPersonId),
    index('audit_log_actor_idx').on(t.actorAccountId),
  ],
);

/**
 * Every e-mail and SMS the server sends, with its delivery state. With no SMTP server or SMS
 * provider configured this is where messages go (the outbox), so staff screens and tests can
 * read them.
 *
 * What a message says (its text and attachments: reset, invitation, in-store and sign-in links
 * and codes) is kept only sealed, and only until it is delivered: `body_sealed` is
 * the JSON `{ text, attachments? }` in the files' envelope (platform/files/file-crypto.ts,
 * AES-256-GCM under FILES_KEY, bound to the channel and recipient), base64; `body_key_id` names
 * the key. Once the message is sent, or its delivery given up, both are cleared and
 * `body_purged_at` set. Recipient, subject, headers and the delivery state stay in clear for
 * delivery, the per-recipient limits and operators.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    bodySealed: text('body_sealed'),
    bodyKeyId: text('body_key_id'),
    bodyPurgedAt: timestamp('body_purged_at', { withTimezone: true }),
    /**
     * Headers of an e-mail that answers another (a pharmacy's reply from its inbox):
     * its Message-ID, In-Reply-To, References and Reply-To, so a re-send threads the same way.
     */
    headers: jsonb('headers').$type<{
      messageId?: string;
      inReplyTo?: string;
      references?: string[];
      replyTo?: string;
    } | null>(),
    status: text('status').notNull(),
    providerId: text('provider_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient)],
);

/**
 * The built-in sandbox gateway's own records, standing in for the gateway's side: customers,
 * cards (brand, last four, expiry and the test behaviour; never the number) and transactions.
 * They live in the same database so they survive restarts, as a real gateway's would.
 */
export const sandboxGateway = pgTable(
  'sandbox_gateway',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    parentId: text('parent_id'),
    data: text('data').notNull().default(sql`'{}'`),
    invoiceNumber: text('invoice_number'),
    amountCents: integer('amount_cents'),
    status: text('status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_gateway_invoice_idx').on(t.invoiceNumber)],
);

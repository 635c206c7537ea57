import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { files } from './files';
import { pharmacyOrganizations } from './pharmacy';

/**
 * The pharmacy e-mail inbox (spec: Email threadId, emailId, timeStamp, attachments).
 * Owned by the inbox area. Addresses, subjects and bodies are PHI: they are never logged.
 *
 * A thread is one conversation of a pharmacy with one outside address; its row keeps what the
 * list shows (subject, counterpart, last message) so the newest-first list is one indexed read.
 */
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: uuid('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    subject: text('subject').notNull(),
    /** The outside address the thread is with (the first message's reply address). */
    counterpart: text('counterpart').notNull(),
    counterpartName: text('counterpart_name'),
    messageCount: integer('message_count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    lastDirection: text('last_direction').notNull(),
    lastSnippet: text('last_snippet').notNull().default(''),
    hasAttachments: boolean('has_attachments').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inbox_threads_org_last_idx').on(t.organizationId, t.lastAt.desc(), t.id)],
);

/**
 * One e-mail, received (`in`) or sent as a reply (`out`). `message_id` is the RFC 5322
 * Message-ID in angle brackets (ours for replies), unique per pharmacy so a message delivered
 * twice (a sender retrying after a lost answer) is stored once; threading follows In-Reply-To
 * and References to it.
 */
export const inboxEmails = pgTable(
  'inbox_emails',
  {
    id: uuid('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => inboxThreads.id),
    direction: text('direction').notNull(),
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: text('references').array().notNull().default(sql`'{}'::text[]`),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    /** Where a reply goes: the Reply-To, else the From (received mail). */
    replyAddress: text('reply_address').notNull(),
    toAddresses: text('to_addresses').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Received (in) or sent (out): the spec's timeStamp. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The staff member who sent a reply (out only). */
    sentByAccountId: uuid('sent_by_account_id').references(() => accounts.id),
    /** The SMTP envelope's size in bytes (in only). */
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbox_emails_org_message_id_key').on(t.organizationId, t.messageId),
    index('inbox_emails_thread_idx').on(t.threadId, t.at),
  ],
);

/**
 * An e-mail's attachments. A kept one is a file of the files area (encrypted, inspected), owned
 * by the pharmacy's mailbox account (`owner_account_id`, see docs/architecture.md "The pharmacy
 * e-mail inbox"); a refused one keeps its cleaned name, size and the files rules' reason only.
 */
export const inboxAttachments = pgTable(
  'inbox_attachments',
  {
    id: uuid('id').primaryKey(),
    emailId: uuid('email_id')
      .notNull()
      .references(() => inboxEmails.id),
    position: integer('position').notNull(),
    fileId: uuid('file_id').references(() => files.id),
    ownerAccountId: uuid('owner_account_id').references(() => accounts.id),
    name: text('name').notNull(),
    contentType: text('content_type'),
    size: integer('size').notNull(),
    refusal: text('refusal'),
  },
  (t) => [index('inbox_attachments_email_idx').on(t.emailId, t.position)],
);

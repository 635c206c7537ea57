/**
 * The pharmacy e-mail inbox's calls: the pharmacy's threads newest first, one
 * thread's e-mails, an attachment's bytes and a reply. Every call is a pharmacy staff member's
 * and answers for their own organisation only: another pharmacy's thread, e-mail or attachment
 * is "not found". One contract for server and web.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/common.schemas';
import { maxReplyLength } from './inbox.rules';

/** An attachment of an e-mail: stored (downloadable by id) or refused by the files rules. */
export const inboxAttachmentViewSchema = z.object({
  /** The stored file's attachment id; null when the attachment was refused. */
  id: idSchema.nullable(),
  /** The sanitised name it downloads under (or the name it was sent with, cleaned). */
  name: z.string(),
  /** The stored type (from the bytes, never the sender's claim); null when refused. */
  contentType: z.string().nullable(),
  size: z.number().int().nonnegative(),
  /** Why it was not kept (FILE_TYPE_NOT_ALLOWED, FILE_TOO_LARGE, ...); null when stored. */
  refusal: z.string().nullable(),
});
export type InboxAttachmentView = z.infer<typeof inboxAttachmentViewSchema>;

/** One e-mail (spec: emailId, threadId, timeStamp, attachments), as text only. */
export const inboxEmailViewSchema = z.object({
  emailId: idSchema,
  threadId: idSchema,
  /** in: received by the pharmacy's address; out: a reply the pharmacy sent. */
  direction: z.enum(['in', 'out']),
  from: z.string(),
  /** The sender's display name, when the message gave one. */
  fromName: z.string().nullable(),
  to: z.array(z.string()),
  subject: z.string(),
  /** Plain text (an HTML-only message is converted); never HTML to render. */
  text: z.string(),
  /** When it was received (in) or sent (out). */
  timeStamp: isoDateTimeSchema,
  attachments: z.array(inboxAttachmentViewSchema),
});
export type InboxEmailView = z.infer<typeof inboxEmailViewSchema>;

/** A thread's row: its subject, who it is with and its last message. */
export const inboxThreadSummarySchema = z.object({
  threadId: idSchema,
  subject: z.string(),
  /** The outside address the thread is with (the first sender). */
  counterpart: z.string(),
  counterpartName: z.string().nullable(),
  messageCount: z.number().int().min(1),
  lastTimeStamp: isoDateTimeSchema,
  lastDirection: z.enum(['in', 'out']),
  /** The first characters of the last message, on one line. */
  lastSnippet: z.string(),
  /** Whether any message of the thread has attachments. */
  hasAttachments: z.boolean(),
});
export type InboxThreadSummary = z.infer<typeof inboxThreadSummarySchema>;

/** GET /pharmacy/inbox?page=: the pharmacy's address and its threads, newest first. */
export const inboxThreadsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
});
export type InboxThreadsQuery = z.input<typeof inboxThreadsQuerySchema>;

export const inboxThreadsResponseSchema = z.object({
  error: z.literal(false),
  /** Where mail to this pharmacy is sent; null when its id cannot be an address. */
  address: z.string().nullable(),
  threads: z.array(inboxThreadSummarySchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().nonnegative(),
});
export type InboxThreadsResponse = z.infer<typeof inboxThreadsResponseSchema>;

/** GET /pharmacy/inbox/threads/:id: the thread's e-mails, oldest first (a conversation). */
export const inboxThreadResponseSchema = z.object({
  error: z.literal(false),
  thread: z.object({
    threadId: idSchema,
    subject: z.string(),
    counterpart: z.string(),
    counterpartName: z.string().nullable(),
    emails: z.array(inboxEmailViewSchema),
  }),
});
export type InboxThreadResponse = z.infer<typeof inboxThreadResponseSchema>;

/** POST /pharmacy/inbox/threads/:id/reply: plain text to the thread's sender. */
export const inboxReplyRequestSchema = z.object({
  text: z.string().trim().min(1, 'inbox.replyRequired').max(maxReplyLength, 'inbox.replyTooLong'),
});
export type InboxReplyRequest = z.input<typeof inboxReplyRequestSchema>;

export const inboxReplyResponseSchema = z.object({
  error: z.literal(false),
  email: inboxEmailViewSchema,
});

import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inboxAttachments, inboxEmails, inboxThreads } from '../../db/schema/inbox';

export type InboxThreadRecord = typeof inboxThreads.$inferSelect;
export type InboxEmailRecord = typeof inboxEmails.$inferSelect;
export type InboxAttachmentRecord = typeof inboxAttachments.$inferSelect;

export type NewInboxEmail = Omit<typeof inboxEmails.$inferInsert, 'threadId' | 'createdAt'>;
export type NewInboxAttachment = Omit<typeof inboxAttachments.$inferInsert, 'emailId'>;

/** A new thread's row, when the e-mail starts one. */
export interface NewInboxThread {
  id: string;
  subject: string;
  counterpart: string;
  counterpartName: string | null;
}

export interface InboxRepo {
  /** Whether the pharmacy already holds an e-mail with this Message-ID (a repeated delivery). */
  hasMessage(organizationId: string, messageId: string): Promise<boolean>;
  /** The thread of the nearest of these parents the pharmacy holds (the list is nearest first). */
  threadOfParents(
    organizationId: string,
    messageIds: readonly string[],
  ): Promise<string | undefined>;
  /**
   * Stores an e-mail with its attachments in its thread (a new one, or `threadId`) and moves the
   * thread's summary, in one transaction. False when the pharmacy already had its Message-ID
   * (nothing is stored).
   */
  insertEmail(input: {
    thread: NewInboxThread | { id: string };
    email: NewInboxEmail;
    attachments: NewInboxAttachment[];
    snippet: string;
  }): Promise<boolean>;
  /** One page of the pharmacy's threads, the latest activity first, and how many there are. */
  threads(
    organizationId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: InboxThreadRecord[]; total: number }>;
  thread(id: string): Promise<InboxThreadRecord | undefined>;
  /** A thread's e-mails, oldest first, with their attachments in order. */
  emailsOf(
    threadId: string,
  ): Promise<{ email: InboxEmailRecord; attachments: InboxAttachmentRecord[] }[]>;
  /** An attachment and the pharmacy its e-mail belongs to. */
  attachment(
    id: string,
  ): Promise<{ attachment: InboxAttachmentRecord; organizationId: string } | undefined>;
}

export function createInboxRepo(db: Db): InboxRepo {
  return {
    async hasMessage(organizationId, messageId) {
      const [row] = await db
        .select({ id: inboxEmails.id })
        .from(inboxEmails)
        .where(
          and(eq(inboxEmails.organizationId, organizationId), eq(inboxEmails.messageId, messageId)),
        )
        .limit(1);
      return row !== undefined;
    },

    async threadOfParents(organizationId, messageIds) {
      if (messageIds.length === 0) return undefined;
      const rows = await db
        .select({ messageId: inboxEmails.messageId, threadId: inboxEmails.threadId })
        .from(inboxEmails)
        .where(
          and(
            eq(inboxEmails.organizationId, organizationId),
            inArray(inboxEmails.messageId, [...messageIds]),
          ),
        );
      for (const id of messageIds) {
        const found = rows.find((r) => r.messageId === id);
        if (found) return found.threadId;
      }
      return undefined;
    },

    async insertEmail({ thread, email, attachments, snippet }) {
      const duplicate = Symbol('duplicate');
      try {
        await db.transaction(async (tx) => {
          if ('subject' in thread) {
            await tx.insert(inboxThreads).values({
              id: thread.id,
              organizationId: email.organizationId,
              subject: thread.subject,
              counterpart: thread.counterpart,
              counterpartName: thread.counterpartName,
              messageCount: 0,
              lastAt: email.at,
              lastDirection: email.direction,
            });
          }
          const inserted = await tx
            .insert(inboxEmails)
            .values({ ...email, threadId: thread.id })
            .onConflictDoNothing({ target: [inboxEmails.organizationId, inboxEmails.messageId] })
            .returning({ id: inboxEmails.id });
          if (inserted.length === 0) throw duplicate;
          if (attachments.length) {
            await tx
              .insert(inboxAttachments)
              .values(attachments.map((a) => ({ ...a, emailId: email.id })));
          }
          // The summary follows the latest e-mail; an older one arriving late only counts.
          const later = sql`${inboxThreads.lastAt} <= ${email.at.toISOString()}::timestamptz`;
          await tx
            .update(inboxThreads)
            .set({
              messageCount: sql`${inboxThreads.messageCount} + 1`,
              lastAt: sql`greatest(${inboxThreads.lastAt}, ${email.at.toISOString()}::timestamptz)`,
              lastDirection: sql`case when ${later} then ${email.direction}::text else ${inboxThreads.lastDirection} end`,
              lastSnippet: sql`case when ${later} then ${snippet}::text else ${inboxThreads.lastSnippet} end`,
              hasAttachments: sql`${inboxThreads.hasAttachments} or ${attachments.some((a) => a.fileId)}::boolean`,
            })
            .where(eq(inboxThreads.id, thread.id));
        });
        return true;
      } catch (error) {
        if (error === duplicate) return false;
        throw error;
      }
    },

    async threads(organizationId, page) {
      const where = eq(inboxThreads.organizationId, organizationId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(inboxThreads)
          .where(where)
          .orderBy(desc(inboxThreads.lastAt), desc(inboxThreads.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(inboxThreads).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async thread(id) {
      const [row] = await db.select().from(inboxThreads).where(eq(inboxThreads.id, id));
      return row;
    },

    async emailsOf(threadId) {
      const emails = await db
        .select()
        .from(inboxEmails)
        .where(eq(inboxEmails.threadId, threadId))
        .orderBy(asc(inboxEmails.at), asc(inboxEmails.createdAt));
      const ids = emails.map((e) => e.id);
      const attachments = ids.length
        ? await db
            .select()
            .from(inboxAttachments)
            .where(inArray(inboxAttachments.emailId, ids))
            .orderBy(asc(inboxAttachments.position))
        : [];
      return emails.map((email) => ({
        email,
        attachments: attachments.filter((a) => a.emailId === email.id),
      }));
    },

    async attachment(id) {
      const [row] = await db
        .select({ attachment: inboxAttachments, organizationId: inboxEmails.organizationId })
        .from(inboxAttachments)
        .innerJoin(inboxEmails, eq(inboxEmails.id, inboxAttachments.emailId))
        .where(eq(inboxAttachments.id, id));
      return row;
    },
  };
}

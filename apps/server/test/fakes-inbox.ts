import type {
  InboxAttachmentRecord,
  InboxEmailRecord,
  InboxRepo,
  InboxThreadRecord,
} from '../src/features/inbox/inbox.repo';

/**
 * The inbox tables in memory, for the inbox services' unit tests, with the repo's guarantees:
 * one e-mail per (pharmacy, Message-ID) (`insertEmail` answers false to a repeat), a thread's
 * summary moved with each e-mail, threads listed by latest activity.
 */
export function memoryInboxRepo(now: () => Date = () => new Date()) {
  const threads: InboxThreadRecord[] = [];
  const emails: InboxEmailRecord[] = [];
  const attachments: (InboxAttachmentRecord & { organizationId: string })[] = [];
  const repo: InboxRepo = {
    async hasMessage(organizationId, messageId) {
      return emails.some((e) => e.organizationId === organizationId && e.messageId === messageId);
    },
    async threadOfParents(organizationId, messageIds) {
      for (const id of messageIds) {
        const found = emails.find((e) => e.organizationId === organizationId && e.messageId === id);
        if (found) return found.threadId;
      }
      return undefined;
    },
    async insertEmail({ thread, email, attachments: files, snippet }) {
      if (
        emails.some(
          (e) => e.organizationId === email.organizationId && e.messageId === email.messageId,
        )
      ) {
        return false;
      }
      let row = threads.find((t) => t.id === thread.id);
      if (!row) {
        if (!('subject' in thread)) throw new Error('no such thread');
        row = {
          ...thread,
          organizationId: email.organizationId,
          messageCount: 0,
          lastAt: email.at,
          lastDirection: email.direction,
          lastSnippet: '',
          hasAttachments: false,
          createdAt: now(),
        };
        threads.push(row);
      }
      row.messageCount += 1;
      row.lastAt = email.at;
      row.lastDirection = email.direction;
      row.lastSnippet = snippet;
      row.hasAttachments ||= files.some((f) => f.fileId);
      emails.push({
        inReplyTo: null,
        references: [],
        fromName: null,
        toAddresses: [],
        sentByAccountId: null,
        size: null,
        ...email,
        threadId: row.id,
        createdAt: now(),
      });
      for (const file of files) {
        attachments.push({
          fileId: null,
          ownerAccountId: null,
          contentType: null,
          refusal: null,
          ...file,
          emailId: email.id,
          organizationId: email.organizationId,
        });
      }
      return true;
    },
    async threads(organizationId, page) {
      const own = threads
        .filter((t) => t.organizationId === organizationId)
        .sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime());
      return {
        rows: own.slice(page.offset, page.offset + page.limit).map((t) => ({ ...t })),
        total: own.length,
      };
    },
    async thread(id) {
      const row = threads.find((t) => t.id === id);
      return row ? { ...row } : undefined;
    },
    async emailsOf(threadId) {
      return emails
        .filter((e) => e.threadId === threadId)
        .map((email) => ({
          email: { ...email },
          attachments: attachments
            .filter((a) => a.emailId === email.id)
            .sort((a, b) => a.position - b.position)
            .map(({ organizationId: _, ...a }) => a),
        }));
    },
    async attachment(id) {
      const found = attachments.find((a) => a.id === id);
      if (!found) return undefined;
      const { organizationId, ...attachment } = found;
      return { attachment, organizationId };
    },
  };
  return { repo, threads, emails, attachments };
}

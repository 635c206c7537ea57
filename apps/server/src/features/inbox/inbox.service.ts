import { randomUUID } from 'node:crypto';
import { idSchema } from '@apothecall/domain/common/common.schemas';
import { translate } from '@apothecall/domain/i18n/catalog';
import type {
  InboxEmailView,
  InboxThreadResponse,
  InboxThreadsResponse,
  inboxReplyRequestSchema,
  inboxThreadsQuerySchema,
} from '@apothecall/domain/inbox/inbox.api';
import {
  inboxAddressFor,
  replyReferences,
  replySubject,
  snippetOf,
} from '@apothecall/domain/inbox/inbox.rules';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import type { FilesPort, OpenedFile } from '../files/files.port';
import type { PharmacyPort, PharmacyStaff } from '../pharmacy/pharmacy.port';
import type { InboxRepo, InboxThreadRecord } from './inbox.repo';
import { emailView, threadSummary } from './inbox.views';

type ThreadsQuery = z.output<typeof inboxThreadsQuerySchema>;
type ReplyInput = z.output<typeof inboxReplyRequestSchema>;

export interface InboxService {
  /** The pharmacy's address and one page of its threads, the latest activity first. */
  threads(actor: Actor, query: ThreadsQuery): Promise<Omit<InboxThreadsResponse, 'error'>>;
  /** A thread of the caller's pharmacy with its e-mails, oldest first; else 404. */
  thread(actor: Actor, threadId: string): Promise<InboxThreadResponse['thread']>;
  /** An attachment's bytes, when its e-mail is the caller's pharmacy's; else 404. */
  attachment(actor: Actor, attachmentId: string): Promise<OpenedFile>;
  /** Sends a reply to the thread's sender through the mail channel and keeps it in the thread. */
  reply(actor: Actor, threadId: string, input: ReplyInput): Promise<InboxEmailView>;
}

const notFound = () => new AppError(404, 'NOT_FOUND', 'inbox.notFound');

/**
 * The pharmacy staff's side of the inbox: every call is scoped to the caller's
 * organisation (PharmacyPort.staff: 403 for anyone not a pharmacy's staff). Another pharmacy's
 * thread or attachment answers 404, audited as denied; reads and replies are audited by ids.
 */
export function createInboxService(deps: {
  repo: InboxRepo;
  pharmacy: Pick<PharmacyPort, 'staff'>;
  files: Pick<FilesPort, 'openFor'>;
  mailer: Pick<Mailer, 'send'>;
  audit: AuditService;
  domain: string;
  now?: () => Date;
}): InboxService {
  const now = deps.now ?? (() => new Date());

  async function ownThread(
    actor: Actor,
    staff: PharmacyStaff,
    threadId: string,
    action: string,
  ): Promise<InboxThreadRecord> {
    const valid = idSchema.safeParse(threadId).success;
    const thread = valid ? await deps.repo.thread(threadId) : undefined;
    if (!thread || thread.organizationId !== staff.organization.id) {
      await deps.audit.denied(actor, action, null, {
        reason: 'not-found-or-not-allowed',
        ...(valid ? { threadId } : {}),
      });
      throw notFound();
    }
    return thread;
  }

  return {
    async threads(actor, query) {
      const staff = await deps.pharmacy.staff(actor);
      const organizationId = staff.organization.id;
      const { rows, total } = await deps.repo.threads(organizationId, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      await deps.audit.record(actor, 'inbox.list', null, {
        organizationId,
        page: query.page,
        threads: rows.length,
      });
      return {
        address: inboxAddressFor(organizationId, deps.domain),
        threads: rows.map(threadSummary),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    async thread(actor, threadId) {
      const staff = await deps.pharmacy.staff(actor);
      const thread = await ownThread(actor, staff, threadId, 'inbox.thread.read');
      const emails = await deps.repo.emailsOf(thread.id);
      await deps.audit.record(actor, 'inbox.thread.read', null, {
        organizationId: thread.organizationId,
        threadId: thread.id,
      });
      return {
        threadId: thread.id,
        subject: thread.subject,
        counterpart: thread.counterpart,
        counterpartName: thread.counterpartName,
        emails: emails.map((e) => emailView(e.email, e.attachments)),
      };
    },

    async attachment(actor, attachmentId) {
      const staff = await deps.pharmacy.staff(actor);
      const valid = idSchema.safeParse(attachmentId).success;
      const found = valid ? await deps.repo.attachment(attachmentId) : undefined;
      const { fileId, ownerAccountId } = found?.attachment ?? {};
      if (!found || found.organizationId !== staff.organization.id || !fileId || !ownerAccountId) {
        await deps.audit.denied(actor, 'inbox.attachment.read', null, {
          reason: 'not-found-or-not-allowed',
          ...(valid ? { attachmentId } : {}),
        });
        throw notFound();
      }
      // The files area audits the read (as one of the mailbox account's files).
      return deps.files.openFor(actor, fileId, ownerAccountId);
    },

    async reply(actor, threadId, input) {
      const staff = await deps.pharmacy.staff(actor);
      const thread = await ownThread(actor, staff, threadId, 'inbox.reply');
      const emails = (await deps.repo.emailsOf(thread.id)).map((e) => e.email);
      const parent = emails.at(-1);
      const lastIn = emails.filter((e) => e.direction === 'in').at(-1);
      const to = lastIn?.replyAddress || thread.counterpart;
      const address = inboxAddressFor(staff.organization.id, deps.domain);
      if (!parent || !to.includes('@') || !address) {
        await deps.audit.denied(actor, 'inbox.reply', null, {
          reason: 'no-recipient',
          threadId: thread.id,
        });
        throw notFound();
      }
      const messageId = `<${randomUUID()}@${deps.domain}>`;
      const references = replyReferences(parent);
      const signature = translate(actor.lang, 'inbox.mail.signature', {
        pharmacy: staff.organization.name,
      });
      const text = `${input.text}\n\n${signature}`;
      const subject = replySubject(thread.subject);
      const emailId = randomUUID();
      const at = now();
      await deps.repo.insertEmail({
        thread: { id: thread.id },
        email: {
          id: emailId,
          organizationId: staff.organization.id,
          direction: 'out',
          messageId,
          inReplyTo: parent.messageId,
          references,
          fromAddress: address,
          fromName: staff.organization.name,
          replyAddress: address,
          toAddresses: [to],
          subject,
          body: text,
          at,
          sentByAccountId: actor.accountId,
          size: null,
        },
        attachments: [],
        snippet: snippetOf(text),
      });
      await deps.mailer.send({
        to,
        subject,
        text,
        headers: { messageId, inReplyTo: parent.messageId, references, replyTo: address },
      });
      await deps.audit.record(actor, 'inbox.reply', null, {
        organizationId: staff.organization.id,
        threadId: thread.id,
        emailId,
      });
      const [stored] = (await deps.repo.emailsOf(thread.id)).filter((e) => e.email.id === emailId);
      if (!stored) throw notFound();
      return emailView(stored.email, stored.attachments);
    },
  };
}

import { randomUUID } from 'node:crypto';
import {
  cleanEmailText,
  cleanSubject,
  normalizeMessageId,
  organizationIdOfAddress,
  parentMessageIds,
  snippetOf,
} from '@apothecall/domain/inbox/inbox.rules';
import type { RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError } from '../../platform/errors';
import type { InboundMail, RecipientCheck } from '../../platform/smtp-inbound';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { FilesPort } from '../files/files.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { InboxRepo, NewInboxAttachment } from './inbox.repo';

/** At most this many attachments of one e-mail are kept; the rest are listed as refused. */
export const maxAttachmentsPerEmail = 20;

/** The mailbox account's role and login id (see docs/architecture.md, the e-mail inbox). */
export const mailboxRole = 'pharmacyMailbox';
export const mailboxLoginId = (organizationId: string) => `mailbox:pharmacy:${organizationId}`;

export interface InboxReceiveService {
  /** Whether RCPT TO names one of our pharmacies (accept), an unknown mailbox, or another domain. */
  checkRecipient(address: string): Promise<RecipientCheck>;
  /** Stores a received message in the inbox of each pharmacy it was addressed to. */
  receive(mail: InboundMail): Promise<void>;
}

/**
 * Mail received by the SMTP endpoint (platform/smtp-inbound.ts), stored per pharmacy: threaded
 * by In-Reply-To and References (else a new thread), the text cleaned, each attachment stored
 * through the files area (inspected, encrypted; what its rules refuse is listed as refused, not
 * kept) and owned by the pharmacy's mailbox account, a login-less account made on first need.
 * A repeated delivery (same Message-ID) is stored once. Audited by ids only.
 */
export function createInboxReceiveService(deps: {
  repo: InboxRepo;
  pharmacy: Pick<PharmacyPort, 'organization'>;
  accounts: Pick<AccountsPort, 'serviceAccount'>;
  brands: Pick<BrandsPort, 'resolve'>;
  files: Pick<FilesPort, 'upload' | 'remove'>;
  audit: AuditService;
  domain: string;
  log: { info(detail: object, message: string): void };
  now?: () => Date;
}): InboxReceiveService {
  const now = deps.now ?? (() => new Date());

  async function organizationOf(address: string) {
    const id = organizationIdOfAddress(address, deps.domain);
    return id ? deps.pharmacy.organization(id) : undefined;
  }

  async function mailboxOf(
    origin: RequestOrigin,
    organization: { id: string; name: string },
  ): Promise<string> {
    const brand = await deps.brands.resolve({ host: '', brandKey: organization.id });
    return deps.accounts.serviceAccount(origin, {
      loginId: mailboxLoginId(organization.id),
      role: mailboxRole,
      organizationType: 'pharmacy',
      organizationId: organization.id,
      brandId: brand.id,
      name: organization.name,
    });
  }

  /** Stores the attachments the files rules accept; the others are kept as refusals. */
  async function storeAttachments(
    mail: InboundMail,
    organization: { id: string; name: string },
  ): Promise<NewInboxAttachment[]> {
    if (mail.attachments.length === 0) return [];
    const owner = await mailboxOf(mail.origin, organization);
    const actor = { ...mail.origin, accountId: owner };
    const rows: NewInboxAttachment[] = [];
    for (const [position, attachment] of mail.attachments.entries()) {
      const refused = (refusal: string): NewInboxAttachment => ({
        id: randomUUID(),
        position,
        fileId: null,
        ownerAccountId: null,
        name: cleanSubject(attachment.fileName).slice(0, 120) || 'attachment',
        contentType: null,
        size: attachment.bytes.length,
        refusal,
      });
      if (position >= maxAttachmentsPerEmail) {
        rows.push(refused('FILE_TOO_MANY'));
        continue;
      }
      try {
        const stored = await deps.files.upload(actor, {
          purpose: 'attachment',
          fileName: attachment.fileName,
          bytes: attachment.bytes,
          // Many senders write to one mailbox; the SMTP server bounds them.
          limited: false,
        });
        rows.push({
          id: randomUUID(),
          position,
          fileId: stored.id,
          ownerAccountId: owner,
          name: stored.name,
          contentType: stored.contentType,
          size: stored.size,
          refusal: null,
        });
      } catch (error) {
        // The files rules' refusals (type, size, unreadable): listed, not kept.
        if (error instanceof AppError && error.status < 500) rows.push(refused(error.code));
        else {
          await removeStored(rows, actor);
          throw error;
        }
      }
    }
    return rows;
  }

  async function removeStored(
    rows: readonly NewInboxAttachment[],
    actor: RequestOrigin & { accountId: string },
  ) {
    for (const row of rows) {
      if (row.fileId) await deps.files.remove(actor, row.fileId).catch(() => undefined);
    }
  }

  async function storeFor(mail: InboundMail, organization: { id: string; name: string }) {
    const messageId = normalizeMessageId(mail.messageId) ?? `<${randomUUID()}@${deps.domain}>`;
    if (await deps.repo.hasMessage(organization.id, messageId)) return;
    const parents = parentMessageIds(mail.inReplyTo, mail.references);
    const existingThread = await deps.repo.threadOfParents(organization.id, parents);
    const attachments = await storeAttachments(mail, organization);
    const fromAddress = (mail.from?.address ?? '').toLowerCase();
    const replyAddress = (mail.replyTo ?? fromAddress).toLowerCase();
    const subject = cleanSubject(mail.subject);
    const text = cleanEmailText(mail.text);
    const emailId = randomUUID();
    const threadId = existingThread ?? randomUUID();
    const fromName = mail.from?.name ? cleanSubject(mail.from.name).slice(0, 200) || null : null;
    const stored = await deps.repo.insertEmail({
      thread: existingThread
        ? { id: existingThread }
        : { id: threadId, subject, counterpart: replyAddress, counterpartName: fromName },
      email: {
        id: emailId,
        organizationId: organization.id,
        direction: 'in',
        messageId,
        inReplyTo: normalizeMessageId(mail.inReplyTo),
        references: parentMessageIds(null, mail.references).reverse(),
        fromAddress,
        fromName,
        replyAddress,
        toAddresses: [...new Set(mail.to.map((a) => a.toLowerCase()))].slice(0, 50),
        subject,
        body: text,
        at: now(),
        sentByAccountId: null,
        size: mail.size,
      },
      attachments,
      snippet: snippetOf(text || subject),
    });
    if (!stored) {
      // Delivered twice at the same moment: the other copy is the one kept.
      const owner = attachments.find((a) => a.ownerAccountId)?.ownerAccountId;
      if (owner) await removeStored(attachments, { ...mail.origin, accountId: owner });
      return;
    }
    await deps.audit.record({ ...mail.origin, accountId: null }, 'inbox.receive', null, {
      organizationId: organization.id,
      emailId,
      threadId,
      newThread: !existingThread,
      attachments: attachments.filter((a) => a.fileId).length,
      refused: attachments.filter((a) => !a.fileId).length,
    });
    deps.log.info({ organizationId: organization.id, emailId, threadId }, 'inbound mail stored');
  }

  return {
    async checkRecipient(address) {
      const id = organizationIdOfAddress(address, deps.domain);
      if (!id) {
        const at = address.lastIndexOf('@');
        const domain = at >= 0 ? address.slice(at + 1).toLowerCase() : '';
        return domain === deps.domain ? 'unknown' : 'relay';
      }
      return (await deps.pharmacy.organization(id)) ? 'accept' : 'unknown';
    },

    async receive(mail) {
      const organizations = new Map<string, { id: string; name: string }>();
      for (const recipient of mail.recipients) {
        const organization = await organizationOf(recipient);
        if (organization) organizations.set(organization.id, organization);
      }
      for (const organization of organizations.values()) await storeFor(mail, organization);
    },
  };
}

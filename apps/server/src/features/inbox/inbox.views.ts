import type {
  InboxAttachmentView,
  InboxEmailView,
  InboxThreadSummary,
} from '@apothecall/domain/inbox/inbox.api';
import type { InboxAttachmentRecord, InboxEmailRecord, InboxThreadRecord } from './inbox.repo';

/** Pure mapping of the inbox's rows to the contract's views. */
const direction = (value: string): 'in' | 'out' => (value === 'out' ? 'out' : 'in');

export function attachmentView(row: InboxAttachmentRecord): InboxAttachmentView {
  return {
    id: row.fileId ? row.id : null,
    name: row.name,
    contentType: row.fileId ? row.contentType : null,
    size: row.size,
    refusal: row.fileId ? null : (row.refusal ?? 'FILE_UNREADABLE'),
  };
}

export function emailView(
  email: InboxEmailRecord,
  attachments: readonly InboxAttachmentRecord[],
): InboxEmailView {
  return {
    emailId: email.id,
    threadId: email.threadId,
    direction: direction(email.direction),
    from: email.fromAddress,
    fromName: email.fromName,
    to: email.toAddresses,
    subject: email.subject,
    text: email.body,
    timeStamp: email.at.toISOString(),
    attachments: attachments.map(attachmentView),
  };
}

export function threadSummary(row: InboxThreadRecord): InboxThreadSummary {
  return {
    threadId: row.id,
    subject: row.subject,
    counterpart: row.counterpart,
    counterpartName: row.counterpartName,
    messageCount: Math.max(1, row.messageCount),
    lastTimeStamp: row.lastAt.toISOString(),
    lastDirection: direction(row.lastDirection),
    lastSnippet: row.lastSnippet,
    hasAttachments: row.hasAttachments,
  };
}

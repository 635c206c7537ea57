import { formatDateAndTime } from '@apothecall/domain/dates/time-format.rules';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { InboxAttachmentView } from '@apothecall/domain/inbox/inbox.api';
import { countText, type Translate } from '../../../lib/i18n';

/** Display helpers of the inbox screen. */

/** An instant as a date and time in the reader's language ('Nov 25, 2026, 2:07 PM'). */
export function formatWhen(iso: string, lang: Lang): string {
  return formatDateAndTime(iso, lang);
}

/** 'Maria Lopez <maria@example.com>', or the address alone. */
export function formatPerson(address: string, name: string | null): string {
  return name && name !== address ? `${name} <${address}>` : address;
}

/** '1 message' / '3 messages'. */
export function messageCountText(t: Translate, count: number): string {
  return countText(t, count, {
    one: 'inboxUi.messageCount.one',
    other: 'inboxUi.messageCount.other',
  });
}

/** Why an attachment was not kept, in words. */
export function refusalText(t: Translate, attachment: InboxAttachmentView): string {
  const reason =
    attachment.refusal === 'FILE_TYPE_NOT_ALLOWED' || attachment.refusal === 'FILE_HEIC_UNSUPPORTED'
      ? t('inboxUi.refused.type')
      : attachment.refusal === 'FILE_TOO_LARGE' ||
          attachment.refusal === 'FILE_IMAGE_TOO_LARGE' ||
          attachment.refusal === 'FILE_TOO_MANY'
        ? t('inboxUi.refused.size')
        : t('inboxUi.refused.other');
  return t('inboxUi.refused', { name: attachment.name, reason });
}

/** Pages of a list of `total` items, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

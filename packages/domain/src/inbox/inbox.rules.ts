/**
 * The pharmacy e-mail inbox (spec section 3, "Email (for pharmacies): threadId,
 * emailId, timeStamp, attachments"): each pharmacy organisation's inbound address, threading,
 * and the text an e-mail is kept and shown as. Pure; the server's SMTP endpoint and the web
 * screen both read these.
 */

/** The default domain of the pharmacies' inbound addresses (INBOUND_MAIL_DOMAIN). */
export const defaultInboundMailDomain = 'inbox.apothecall.test';

/**
 * A local part we hand out: the organisation's id (its company key, a slug) when it is a plain
 * dot-atom of lower-case letters, digits, '.', '-' and '_' of at most 64 characters.
 */
const localPartPattern = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

/** The pharmacy's inbound address (`<organisation id>@<domain>`), or null when its id cannot be one. */
export function inboxAddressFor(organizationId: string, domain: string): string | null {
  if (!localPartPattern.test(organizationId) || organizationId.includes('..')) return null;
  return `${organizationId}@${domain.toLowerCase()}`;
}

/**
 * Which organisation an envelope recipient names: its local part when the domain is ours
 * (case-insensitive, as mail servers treat it), else null (a relay attempt). Sub-addresses
 * (`sunrise-pharmacy+orders@...`) reach the same inbox.
 */
export function organizationIdOfAddress(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = (address.slice(0, at).toLowerCase().split('+')[0] ?? '').trim();
  return localPartPattern.test(local) && !local.includes('..') ? local : null;
}

/** Longest subject kept, in characters. */
export const maxSubjectLength = 500;
/** Longest body kept, in characters (the rest is cut with a note). */
export const maxEmailTextLength = 100_000;
/** Longest reply a pharmacy may send, in characters. */
export const maxReplyLength = 20_000;
/** Characters of the last message a thread's row shows. */
export const snippetLength = 160;

/**
 * An e-mail's text as kept and shown: line ends as \n, no control or direction-override
 * characters (tabs and line breaks stay), at most `maxEmailTextLength` characters. The web
 * shows it as text, never as HTML.
 */
export function cleanEmailText(text: string): string {
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    .replace(/(?![\n\t])\p{Cc}/gu, '')
    .replace(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g, '')
    .replace(/\n{4,}/g, '\n\n\n')
    .trimEnd();
  if (cleaned.length <= maxEmailTextLength) return cleaned;
  return `${cleaned.slice(0, maxEmailTextLength)}\n[…]`;
}

/** A subject on one line, without control characters, at most `maxSubjectLength` characters. */
export function cleanSubject(subject: string | null | undefined): string {
  return Array.from(
    (subject ?? '')
      .replace(/[\r\n\t]+/g, ' ')
      .replace(/\p{Cc}|[\u202A-\u202E\u2066-\u2069]/gu, '')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, maxSubjectLength)
    .join('');
}

/** A reply's subject: 'Re: ' before the thread's, unless it already starts so. */
export function replySubject(subject: string): string {
  const clean = cleanSubject(subject);
  if (/^(re|aw|sv|rv)\s*:/i.test(clean)) return clean;
  return cleanSubject(clean ? `Re: ${clean}` : 'Re:');
}

/** The first characters of a message, on one line, for a thread's row. */
export function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= snippetLength
    ? flat
    : `${chars
        .slice(0, snippetLength - 1)
        .join('')
        .trimEnd()}…`;
}

/** A Message-ID as stored: in angle brackets, no spaces; null when it is not one. */
export function normalizeMessageId(value: string | null | undefined): string | null {
  const bare = (value ?? '').trim().replace(/^<|>$/g, '').trim();
  if (!bare || /[\s<>]/.test(bare) || bare.length > 900) return null;
  return `<${bare}>`;
}

/**
 * The Message-IDs a message names as its parents, nearest first: In-Reply-To, then References
 * from the last (the direct parent) to the first (the thread's root). At most 50.
 */
export function parentMessageIds(
  inReplyTo: string | null | undefined,
  references: readonly string[] | string | null | undefined,
): string[] {
  const refs =
    typeof references === 'string' ? (references.match(/<[^<>\s]+>/g) ?? []) : (references ?? []);
  const ids = [inReplyTo, ...[...refs].reverse()]
    .map((id) => normalizeMessageId(id))
    .filter((id): id is string => id !== null);
  return [...new Set(ids)].slice(0, 50);
}

/**
 * The References header of a reply to a message: its own References (or, without them, its
 * In-Reply-To) followed by its Message-ID, the oldest ones dropped beyond 20.
 */
export function replyReferences(parent: {
  messageId: string;
  references: readonly string[];
  inReplyTo: string | null;
}): string[] {
  const chain = parent.references.length
    ? [...parent.references]
    : parent.inReplyTo
      ? [parent.inReplyTo]
      : [];
  const all = [...chain, parent.messageId]
    .map((id) => normalizeMessageId(id))
    .filter((id): id is string => id !== null);
  return [...new Set(all)].slice(-20);
}

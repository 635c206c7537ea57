import { describe, expect, it } from 'vitest';
import {
  cleanEmailText,
  cleanSubject,
  inboxAddressFor,
  maxEmailTextLength,
  normalizeMessageId,
  organizationIdOfAddress,
  parentMessageIds,
  replyReferences,
  replySubject,
  snippetOf,
} from './inbox.rules';

const domain = 'inbox.apothecall.test';

describe('pharmacy inbox rules', () => {
  it('gives a pharmacy whose id is a slug its address, and others none', () => {
    expect(inboxAddressFor('sunrise-pharmacy', domain)).toBe(
      'sunrise-pharmacy@inbox.apothecall.test',
    );
    expect(inboxAddressFor('Sunrise Pharmacy', domain)).toBeNull();
    expect(inboxAddressFor('a..b', domain)).toBeNull();
    expect(inboxAddressFor('-x', domain)).toBeNull();
  });

  it('reads the organisation from a recipient of our domain only (no relaying)', () => {
    expect(organizationIdOfAddress('sunrise-pharmacy@inbox.apothecall.test', domain)).toBe(
      'sunrise-pharmacy',
    );
    expect(organizationIdOfAddress('Sunrise-Pharmacy@INBOX.apothecall.test', domain)).toBe(
      'sunrise-pharmacy',
    );
    expect(organizationIdOfAddress('sunrise-pharmacy+orders@inbox.apothecall.test', domain)).toBe(
      'sunrise-pharmacy',
    );
    expect(organizationIdOfAddress('sunrise-pharmacy@example.com', domain)).toBeNull();
    expect(
      organizationIdOfAddress('sunrise-pharmacy@evil.inbox.apothecall.test', domain),
    ).toBeNull();
    expect(organizationIdOfAddress('"a b"@inbox.apothecall.test', domain)).toBeNull();
    expect(organizationIdOfAddress('no-at-sign', domain)).toBeNull();
  });

  it('keeps text as text: line ends, no control or direction-override characters, bounded', () => {
    expect(cleanEmailText('a\r\nb\rc\u0000\u0007d\u202Ee\t!  \n\n')).toBe('a\nb\ncde\t!');
    expect(cleanEmailText('a\n\n\n\n\n\nb')).toBe('a\n\n\nb');
    const long = cleanEmailText('x'.repeat(maxEmailTextLength + 10));
    expect(long.endsWith('[…]')).toBe(true);
    expect(long.length).toBeLessThan(maxEmailTextLength + 10);
  });

  it('keeps a subject on one line and prefixes a reply once', () => {
    expect(cleanSubject(' Hello\r\n  world\u0000 ')).toBe('Hello world');
    expect(cleanSubject(undefined)).toBe('');
    expect(replySubject('Refill')).toBe('Re: Refill');
    expect(replySubject('RE: Refill')).toBe('RE: Refill');
    expect(replySubject('')).toBe('Re:');
  });

  it('shortens the last message for a thread row', () => {
    expect(snippetOf('  a\n b  ')).toBe('a b');
    const snippet = snippetOf('word '.repeat(100));
    expect(Array.from(snippet).length).toBeLessThanOrEqual(160);
    expect(snippet.endsWith('…')).toBe(true);
  });

  it('reads Message-IDs and the parents of a message, nearest first', () => {
    expect(normalizeMessageId('abc@x')).toBe('<abc@x>');
    expect(normalizeMessageId(' <abc@x> ')).toBe('<abc@x>');
    expect(normalizeMessageId('a b')).toBeNull();
    expect(normalizeMessageId('')).toBeNull();
    expect(parentMessageIds('<c@x>', ['<a@x>', '<b@x>', '<c@x>'])).toEqual([
      '<c@x>',
      '<b@x>',
      '<a@x>',
    ]);
    expect(parentMessageIds(null, '<a@x> <b@x>')).toEqual(['<b@x>', '<a@x>']);
    expect(parentMessageIds(undefined, undefined)).toEqual([]);
  });

  it("builds a reply's References from its parent's, ending with the parent", () => {
    expect(
      replyReferences({ messageId: '<c@x>', references: ['<a@x>', '<b@x>'], inReplyTo: '<b@x>' }),
    ).toEqual(['<a@x>', '<b@x>', '<c@x>']);
    expect(replyReferences({ messageId: '<b@x>', references: [], inReplyTo: '<a@x>' })).toEqual([
      '<a@x>',
      '<b@x>',
    ]);
    expect(replyReferences({ messageId: '<a@x>', references: [], inReplyTo: null })).toEqual([
      '<a@x>',
    ]);
  });
});

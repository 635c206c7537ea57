import { describe, expect, it } from 'vitest';
import { translator } from '../../../lib/i18n';
import { formatPerson, formatWhen, messageCountText, pageCount, refusalText } from './inbox-format';

const t = translator('en', (_lang, key, params) =>
  params ? `${key}:${JSON.stringify(params)}` : key,
);

describe('inbox format', () => {
  it('names a person by name and address, or the address alone', () => {
    expect(formatPerson('maria@example.test', 'Maria Lopez')).toBe(
      'Maria Lopez <maria@example.test>',
    );
    expect(formatPerson('maria@example.test', null)).toBe('maria@example.test');
  });

  it('counts messages and pages', () => {
    expect(messageCountText(t, 1)).toBe('inboxUi.messageCount.one:{"count":1}');
    expect(messageCountText(t, 3)).toBe('inboxUi.messageCount.other:{"count":3}');
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(61, 30)).toBe(3);
  });

  it('says why an attachment was not kept', () => {
    const refused = { id: null, name: 'a.txt', contentType: null, size: 3 };
    expect(refusalText(t, { ...refused, refusal: 'FILE_TYPE_NOT_ALLOWED' })).toContain(
      'inboxUi.refused.type',
    );
    expect(refusalText(t, { ...refused, refusal: 'FILE_TOO_LARGE' })).toContain(
      'inboxUi.refused.size',
    );
    expect(refusalText(t, { ...refused, refusal: 'FILE_UNREADABLE' })).toContain(
      'inboxUi.refused.other',
    );
  });

  it('shows an instant in the reader’s language, and a bad one as given', () => {
    expect(formatWhen('2026-11-25T14:07:00Z', 'en')).toMatch(/2026/);
    expect(formatWhen('nope', 'es')).toBe('nope');
  });
});

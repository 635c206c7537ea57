import type { Lang } from '@apothecall/domain/i18n/i18n.rules';

/** Text for the PDFs the server writes (notes, receipts, prescriptions): safe characters, dates in the reader's language. */
export const locale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** The characters cp1252 adds to Latin-1 (dashes, quotes, bullet, euro...). */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The standard PDF fonts only draw WinAnsi (cp1252) text: anything else would print as
 * unrelated glyphs, so it prints as '?' instead; control characters other than line breaks
 * and tabs are dropped.
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n' || ch === '\t') out += ch;
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else if (winAnsiExtras.has(ch)) out += ch;
    // Intl writes narrow and thin spaces ('2:05 PM' has U+202F).
    else if (/\s/u.test(ch)) out += ' ';
    else if (code >= 0x20) out += '?';
  }
  return out;
}

/** A YYYY-MM-DD day written out in the reader's language ('May 1, 2024'). */
export function longDate(isoDate: string, lang: Lang): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** An HH:MM[:SS] wall-clock time in the reader's language ('2:05 PM'). */
export function shortTime(time: string, lang: Lang): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(locale(lang), { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hour, minute)),
  );
}

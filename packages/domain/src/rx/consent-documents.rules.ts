/**
 * The medication consent documents a patient accepts in an Rx visit, with their version dates,
 * and the layout of the printable consent PDF (spec section 9).
 */
import type { MessageKey } from '../i18n/catalog';

/** Consent PDF layout: letter size, 1 inch margins, 80 characters per line, 38 lines per page. */
export const consentPdfLayout = {
  pageSize: 'letter',
  pageWidthInches: 8.5,
  pageHeightInches: 11,
  marginInches: 1,
  charactersPerLine: 80,
  linesPerPage: 38,
} as const;

export const consentDocumentIds = [
  'glp1',
  'ghkCu',
  'ivermectin',
  'mebendazole',
  'ldn',
  'extendedChronicSupply',
  'bupropionNaltrexone',
  'intracavernosalInjection',
  'sermorelin',
  'nad',
  'b12',
  'pt141',
] as const;
export type ConsentDocumentId = (typeof consentDocumentIds)[number];

export interface ConsentDocument {
  readonly id: ConsentDocumentId;
  readonly titleKey: MessageKey;
  /**
   * ISO date (YYYY-MM-DD) of the consent text's version. PLACEHOLDERS: the spec says each
   * document has a version date but does not give them; the medical team must confirm.
   */
  readonly versionDate: string;
  /**
   * The catalogue key of the text this version says (en and es): the Rx flow shows it above the
   * acceptance checkbox and the consent record PDF prints it, both from this one key. A new
   * version of a text gets a new key and a new version date, so an acceptance always names the
   * text that was read. PLACEHOLDER: every document shares the general text until the medical
   * team writes each one.
   */
  readonly bodyKey: MessageKey;
}

export const consentDocuments: readonly ConsentDocument[] = [
  {
    id: 'glp1',
    titleKey: 'medications.consent.glp1',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'ghkCu',
    titleKey: 'medications.consent.ghkCu',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'ivermectin',
    titleKey: 'medications.consent.ivermectin',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'mebendazole',
    titleKey: 'medications.consent.mebendazole',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'ldn',
    titleKey: 'medications.consent.ldn',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'extendedChronicSupply',
    titleKey: 'medications.consent.extendedChronicSupply',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'bupropionNaltrexone',
    titleKey: 'medications.consent.bupropionNaltrexone',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'intracavernosalInjection',
    titleKey: 'medications.consent.intracavernosalInjection',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'sermorelin',
    titleKey: 'medications.consent.sermorelin',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'nad',
    titleKey: 'medications.consent.nad',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'b12',
    titleKey: 'medications.consent.b12',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
  {
    id: 'pt141',
    titleKey: 'medications.consent.pt141',
    versionDate: '2025-01-01',
    bodyKey: 'rx.consent.body',
  },
];

/** East Asian wide and fullwidth characters (Hangul, kana, CJK ideographs, fullwidth forms). */
const wideCharacter =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;
/** Combining marks (variation selectors among them), zero-width spaces, joiners and marks. */
const zeroWidthCharacter = /^(?:\p{M}|\u200b|\u200c|\u200d|\u200e|\u200f)$/u;

/**
 * How many of the consent PDF's fixed-width columns a character takes: an East Asian wide
 * character two (its glyph, from the CJK fallback font, is 1 em: about 1.7 columns of the
 * monospaced font), a combining mark none (it sits on the letter before it), anything else one.
 */
function columnsOf(ch: string): number {
  if (zeroWidthCharacter.test(ch)) return 0;
  return wideCharacter.test(ch) ? 2 : 1;
}

/** The columns a text takes on the consent PDF. */
function consentColumns(text: string): number {
  let columns = 0;
  for (const ch of text) columns += columnsOf(ch);
  return columns;
}

/** A word cut after as many whole characters (with their marks) as fit in `width` columns. */
function cutWord(word: string, width: number): [string, string] {
  const chars = [...word];
  let head = '';
  let used = 0;
  let i = 0;
  for (; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    const columns = columnsOf(ch);
    if (used + columns > width && head) break;
    head += ch;
    used += columns;
  }
  return [head, chars.slice(i).join('')];
}

/**
 * Wraps text to the consent PDF's line length (80 columns; a Chinese or Japanese character takes
 * two, a combining mark none): words stay whole where they fit, a word longer than a line is cut
 * between characters, paragraph breaks ('\n') are kept, nothing is lost.
 */
export function wrapConsentText(
  text: string,
  width: number = consentPdfLayout.charactersPerLine,
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    let used = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (consentColumns(rest) > width) {
        if (line) {
          lines.push(line);
          line = '';
          used = 0;
        }
        const [head, tail] = cutWord(rest, width);
        lines.push(head);
        rest = tail;
      }
      if (!rest) continue;
      const columns = consentColumns(rest);
      if (!line) {
        line = rest;
        used = columns;
      } else if (used + 1 + columns <= width) {
        line = `${line} ${rest}`;
        used += 1 + columns;
      } else {
        lines.push(line);
        line = rest;
        used = columns;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The consent PDF's pages: 38 lines each (the last page may hold fewer). */
export function consentPages(
  lines: readonly string[],
  perPage: number = consentPdfLayout.linesPerPage,
): string[][] {
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += perPage) pages.push(lines.slice(i, i + perPage));
  return pages.length > 0 ? pages : [[]];
}

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
}

export const consentDocuments: readonly ConsentDocument[] = [
  { id: 'glp1', titleKey: 'medications.consent.glp1', versionDate: '2025-01-01' },
  { id: 'ghkCu', titleKey: 'medications.consent.ghkCu', versionDate: '2025-01-01' },
  { id: 'ivermectin', titleKey: 'medications.consent.ivermectin', versionDate: '2025-01-01' },
  { id: 'mebendazole', titleKey: 'medications.consent.mebendazole', versionDate: '2025-01-01' },
  { id: 'ldn', titleKey: 'medications.consent.ldn', versionDate: '2025-01-01' },
  {
    id: 'extendedChronicSupply',
    titleKey: 'medications.consent.extendedChronicSupply',
    versionDate: '2025-01-01',
  },
  {
    id: 'bupropionNaltrexone',
    titleKey: 'medications.consent.bupropionNaltrexone',
    versionDate: '2025-01-01',
  },
  {
    id: 'intracavernosalInjection',
    titleKey: 'medications.consent.intracavernosalInjection',
    versionDate: '2025-01-01',
  },
  { id: 'sermorelin', titleKey: 'medications.consent.sermorelin', versionDate: '2025-01-01' },
  { id: 'nad', titleKey: 'medications.consent.nad', versionDate: '2025-01-01' },
  { id: 'b12', titleKey: 'medications.consent.b12', versionDate: '2025-01-01' },
  { id: 'pt141', titleKey: 'medications.consent.pt141', versionDate: '2025-01-01' },
];

/**
 * Wraps text to the consent PDF's line length (80 characters): words stay whole where they fit,
 * a word longer than a line is cut, paragraph breaks ('\n') are kept, nothing is lost.
 */
export function wrapConsentText(
  text: string,
  width: number = consentPdfLayout.charactersPerLine,
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (rest.length > width) {
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
      if (!rest) continue;
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= width) line = `${line} ${rest}`;
      else {
        lines.push(line);
        line = rest;
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

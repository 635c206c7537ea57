import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { PdfMeta, PdfWriter } from './pdf-document';

/**
 * Every PDF the server writes is made here: embedded Unicode fonts (platform/
 * pdf-fonts.ts: Noto Sans regular and bold, Noto Sans Mono for fixed-width records, and Noto Sans
 * SC's GB2312 subset as the fallback for Chinese and Japanese kana), a title and a language in the
 * document's metadata, and tagged content (each paragraph a structure element, rules drawn as
 * artifacts) so a screen reader reads it in order and in the right language. The feature folders
 * keep what their documents say.
 */
export type { ParagraphOptions, PdfMeta, PdfWriter, TextPart, TextStyle } from './pdf-document';
export { fontRuns, printable } from './pdf-runs';

/**
 * Writes one PDF: letter size, the given margin (1 inch by default), with `title` (shown by the
 * reader's window title) and `lang` declared, tagged. `draw` lays the content out through the
 * writer; the promise is the finished file. pdfkit, fontkit and the fonts (pdf-document.ts) are
 * loaded with the first PDF, not at start: most starts write none (docs/performance.md, "Memory").
 */
export async function renderPdf(
  meta: PdfMeta,
  draw: (pdf: PdfWriter) => void | Promise<void>,
): Promise<Buffer> {
  const { renderPdfDocument } = await import('./pdf-document');
  return renderPdfDocument(meta, draw);
}

/** One page of text lines (a receipt, a signed form): the title as a heading, then the lines. */
export function renderTextPdf(input: {
  title: string;
  lang: Lang;
  lines: readonly string[];
  footer?: string;
}): Promise<Buffer> {
  return renderPdf({ title: input.title, lang: input.lang }, (pdf) => {
    pdf.text(input.title, { role: 'H1', size: 20 });
    pdf.doc.moveDown();
    for (const line of input.lines) pdf.text(line, { size: 12 });
    if (input.footer) {
      pdf.doc.moveDown();
      pdf.text(input.footer, { size: 9, color: '#555555' });
    }
  });
}

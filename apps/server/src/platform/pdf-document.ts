import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { type Face, fontOf, shareParsedFont } from './pdf-fonts';
import { fontRuns, printable } from './pdf-runs';

/**
 * What platform/pdf.ts loads with the first PDF (pdfkit, the fonts): the document and its
 * writer. Feature code calls pdf.ts, never this file.
 */

/** A document's metadata and page set-up. */
export interface PdfMeta {
  title: string;
  lang: Lang;
  margin?: number;
  autoFirstPage?: boolean;
}

export interface TextStyle {
  /** Point size; when left out, the last size a paragraph used (12 at first). */
  size?: number;
  bold?: boolean;
  /** Fixed width (Noto Sans Mono): the consent record's 80-column lines. */
  mono?: boolean;
  /** Fill colour; when left out, the last colour a paragraph used (black at first). */
  color?: string;
}

/** A piece of a paragraph in its own style ('Patient: ' in bold, then the name). */
export interface TextPart extends TextStyle {
  text: string;
}

export interface ParagraphOptions extends TextStyle {
  /** The structure element the paragraph is: a heading or body text (P, the default). */
  role?: 'H1' | 'H2' | 'P';
  width?: number;
  lineGap?: number;
  /** Where the paragraph starts (its top left), instead of the current position. */
  at?: { x: number; y: number };
  /** False: one line as given, never wrapped (lines already laid out). */
  lineBreak?: boolean;
}

export interface PdfWriter {
  /**
   * The pdfkit document, for what is not text: spacing (moveDown), the position, page size and
   * margins. Text goes through `text`, never `doc.text` (that would be untagged, and in a font
   * without the glyphs).
   */
  readonly doc: PDFKit.PDFDocument;
  /**
   * One paragraph of text, tagged as `role`. Each character is drawn in the style's font when it
   * has the glyph and in the CJK fallback otherwise, run by run, on one baseline.
   */
  text(content: string | readonly TextPart[], options?: ParagraphOptions): PdfWriter;
  /** A picture, tagged as a figure with its alternative text. */
  image(png: Buffer, options: { fit: [number, number]; alt: string }): PdfWriter;
  /** Drawing that carries no content (rules, borders): marked as an artifact. */
  decoration(draw: (doc: PDFKit.PDFDocument) => void): PdfWriter;
}

/** A face's line height (ascent, descent and line gap), in ems. */
const lineHeight = (font: Font) => (font.ascent - font.descent + font.lineGap) / font.unitsPerEm;

function primaryFace(style: TextStyle): Face {
  return style.mono ? 'mono' : style.bold ? 'bold' : 'regular';
}

/**
 * Writes one PDF: letter size, the given margin (1 inch by default), with `title` (shown by the
 * reader's window title) and `lang` declared, tagged. `draw` lays the content out through the
 * writer; the promise is the finished file.
 */
export function renderPdfDocument(
  meta: PdfMeta,
  draw: (pdf: PdfWriter) => void | Promise<void>,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: meta.margin ?? 72,
    autoFirstPage: meta.autoFirstPage ?? true,
    pdfVersion: '1.7',
    tagged: true,
    lang: meta.lang,
    displayTitle: true,
    info: { Title: printable(meta.title) },
    // No default font: pdfkit would load Helvetica's metrics for every document, never to use them.
    ...({ font: null } as object),
  });
  const registered = new Set<Face>();
  const useFont = (face: Face) => {
    if (registered.has(face)) {
      doc.font(face);
      return;
    }
    doc.registerFont(face, fontOf(face).bytes);
    doc.font(face);
    shareParsedFont(doc, face);
    registered.add(face);
  };
  const current = { size: 12, color: '#000000' };
  useFont('regular');
  doc.fontSize(current.size);
  const root = doc.struct('Document');
  doc.addStructure(root);

  const drawRuns = (parts: readonly TextPart[], options: ParagraphOptions) => {
    const { at, width, lineGap, lineBreak } = options;
    current.size = options.size ?? current.size;
    current.color = options.color ?? current.color;
    const runs = parts.flatMap((part) => {
      const face = primaryFace({ ...options, ...part });
      const primary = fontOf(face).font;
      const size = part.size ?? current.size;
      const color = part.color ?? current.color;
      return fontRuns(
        printable(part.text),
        (code) => primary.hasGlyphForCodePoint(code),
        (code) => fontOf('cjk').font.hasGlyphForCodePoint(code),
      ).map((run) => {
        if (!run.fallback) return { text: run.text, face, baseline: 'top' as const, size, color };
        const fallbackFace: Face = face === 'bold' ? 'cjkBold' : 'cjk';
        const fallback = fontOf(fallbackFace).font;
        return {
          text: run.text,
          face: fallbackFace,
          // A fallback run sits on the primary face's baseline, not its own ascender's...
          baseline: -(primary.ascent / primary.unitsPerEm) * size,
          // ...and a line it ends advances by the primary face's line height, not its own.
          lineGapShift: (lineHeight(primary) - lineHeight(fallback)) * size,
          size,
          color,
        };
      });
    });
    // pdfkit loses a line break at the end of a continued run: each line is drawn on its own.
    const lines: (typeof runs)[] = [[]];
    for (const run of runs) {
      run.text.split('\n').forEach((piece, i) => {
        if (i > 0) lines.push([]);
        if (piece) lines[lines.length - 1]?.push({ ...run, text: piece });
      });
    }
    let first = true;
    for (const line of lines) {
      if (line.length === 0) {
        doc.moveDown();
        continue;
      }
      line.forEach((run, i) => {
        useFont(run.face);
        doc.fontSize(run.size).fillColor(run.color);
        const textOptions: PDFKit.Mixins.TextOptions = {
          continued: i < line.length - 1,
          baseline: run.baseline,
          ...(width === undefined ? {} : { width }),
          // Always given: a continued run inherits what the run before it set.
          lineGap: (lineGap ?? 0) + (run.lineGapShift ?? 0),
          ...(lineBreak === undefined ? {} : { lineBreak }),
        };
        if (first && at) doc.text(run.text, at.x, at.y, textOptions);
        else doc.text(run.text, textOptions);
        first = false;
      });
    }
  };

  const writer: PdfWriter = {
    doc,
    text(content, options = {}) {
      const parts = typeof content === 'string' ? [{ text: content }] : content;
      if (parts.every((part) => printable(part.text) === '')) {
        // Nothing to read: an empty line's space, not an empty paragraph.
        doc.moveDown();
        return writer;
      }
      root.add(doc.struct(options.role ?? 'P', {}, () => drawRuns(parts, options)));
      return writer;
    },
    image(png, options) {
      root.add(
        doc.struct('Figure', { alt: options.alt }, () => doc.image(png, { fit: options.fit })),
      );
      return writer;
    },
    decoration(draw) {
      doc.markContent('Artifact', { type: 'Layout' });
      draw(doc);
      doc.endMarkedContent();
      return writer;
    },
  };

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    Promise.resolve()
      .then(() => draw(writer))
      .then(() => {
        root.end();
        doc.end();
      }, reject);
  });
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Fontkit from 'fontkit';

/**
 * The fonts embedded in the PDFs the server writes (docs/architecture.md, "PDFs"), all
 * under the SIL Open Font License, from npm packages: Noto Sans regular and bold (Latin, Greek,
 * Cyrillic, Vietnamese), Noto Sans Mono (the consent record's fixed columns), and Noto Sans SC's
 * GB2312 subset ("Noto Sans Hans") regular and bold as the fallback for Chinese and Japanese kana.
 */
export type Face = 'regular' | 'bold' | 'mono' | 'cjk' | 'cjkBold';

const require = createRequire(import.meta.url);
/**
 * fontkit as pdfkit loads it (its CommonJS build), so the process holds one copy of it; loaded
 * with the first font, not at start (docs/performance.md, "Memory").
 */
let fontkit: typeof Fontkit | undefined;

const cjkFile = (file: string) =>
  // The package exports only its index (dist/); its fonts are beside it.
  path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '../fonts', file);
const fontFiles: Record<Face, () => string> = {
  regular: () => require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: () => require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  mono: () =>
    require.resolve('@expo-google-fonts/noto-sans-mono/400Regular/NotoSansMono_400Regular.ttf'),
  cjk: () => cjkFile('NotoSansHans-Regular.otf'),
  cjkBold: () => cjkFile('NotoSansHans-Bold.otf'),
};

export interface LoadedFont {
  /** What pdfkit's registerFont is given. */
  bytes: Buffer;
  font: Fontkit.Font;
}
const loaded = new Map<Face, LoadedFont>();

/** A face's bytes and parsed font, read once per process (the CJK ones only when first used). */
export function fontOf(face: Face): LoadedFont {
  let found = loaded.get(face);
  if (!found) {
    const bytes = readFileSync(fontFiles[face]());
    fontkit ??= require('fontkit') as typeof Fontkit;
    const font = fontkit.create(bytes) as Fontkit.Font;
    // Glyph composition (ccmp) off: Noto Sans decomposes 'ị' into 'i' and a dot-below glyph that
    // maps to no character, so the PDF would read back 'i' (copy, search, screen readers). The
    // text is NFC, so the precomposed glyphs are there; marks are still positioned (mark, mkmk).
    const layout = font.layout.bind(font);
    font.layout = (text, features, ...rest) => layout(text, features ?? { ccmp: false }, ...rest);
    // fontkit keeps each glyph with the characters it was first asked for. A document's subset
    // asks for the glyphs that others are built from ('·' and '…' from the period) with none, so
    // a later document of the process would get a period that stands for no character and write
    // no text for it (copy, search and screen readers lose every period). A glyph asked for with
    // its characters gets them back.
    const getGlyph = font.getGlyph.bind(font);
    font.getGlyph = (id, characters = []) => {
      const glyph = getGlyph(id, characters);
      if (glyph && glyph.codePoints.length === 0 && characters.length > 0) {
        glyph.codePoints = characters;
      }
      return glyph;
    };
    found = { bytes, font };
    loaded.set(face, found);
  }
  return found;
}

/** The part of pdfkit's font object (its EmbeddedFont, not in its types) swapped below. */
interface PdfkitEmbeddedFont {
  font: Fontkit.Font;
  subset: unknown;
}

/**
 * Makes the document's current font (just opened by `doc.font(face)`) lay text out with the
 * process's parsed font instead of its own copy. Parsing a Noto font's layout tables costs
 * 100-400 ms and pdfkit, which takes a font's bytes and never a parsed font, would parse every
 * font again for every document; it also brings the layout without glyph decomposition above.
 * The glyph ids are the same (the same file), and the subset starts empty either way.
 */
export function shareParsedFont(doc: PDFKit.PDFDocument, face: Face): void {
  const { font } = fontOf(face);
  const current = (doc as unknown as { _font?: PdfkitEmbeddedFont })._font;
  if (current?.font?.postscriptName !== font.postscriptName) {
    throw new Error(`pdfkit did not open ${face} as expected (its font object changed?)`);
  }
  current.font = font;
  current.subset = font.createSubset();
}

/** The text handling of the PDFs (platform/pdf.ts), with nothing of pdfkit or the fonts. */

/**
 * Text as a PDF can carry it: line breaks as '\n', composed (NFC, so 'ế' is one glyph and not
 * 'e' and two marks), control characters other than line breaks and tabs dropped.
 */
export function printable(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .normalize('NFC')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
  );
}

/** Marks (variation selectors among them), joiners and spaces. */
const joinsPrevious = /^(?:\p{M}|\u200c|\u200d|\s)$/u;

/**
 * A string cut into runs by font: a character the primary face lacks and the fallback has goes
 * to the fallback; marks, joiners and spaces stay with the character before them. A character
 * neither has stays with the primary face (it prints as its missing-glyph box).
 */
export function fontRuns(
  text: string,
  hasGlyph: (codePoint: number) => boolean,
  fallbackHasGlyph: (codePoint: number) => boolean,
): { text: string; fallback: boolean }[] {
  const runs: { text: string; fallback: boolean }[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const last = runs[runs.length - 1];
    const fallback =
      last && joinsPrevious.test(ch) ? last.fallback : !hasGlyph(code) && fallbackHasGlyph(code);
    if (last && last.fallback === fallback) last.text += ch;
    else runs.push({ text: ch, fallback });
  }
  return runs;
}

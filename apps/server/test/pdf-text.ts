import { inflateSync } from 'node:zlib';

/**
 * The text a PDF the server wrote shows (PDFKit with the standard fonts): each compressed
 * content stream inflated, each `[<hex> kerning <hex>] TJ` run decoded from WinAnsi. One line
 * per run. Enough to check what a generated PDF says; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const stream of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const run of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]<])*)\]\s*TJ/g)) {
      lines.push(
        [...(run[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
    }
  }
  return lines.join('\n');
}

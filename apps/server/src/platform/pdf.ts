import PDFDocument from 'pdfkit';

/** One PDF page of text lines (a receipt, later notes): title, then the lines. Letter size, 1 inch margins. */
export function renderTextPdf(input: {
  title: string;
  lines: readonly string[];
  footer?: string;
}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: input.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(input.title);
    doc.moveDown();
    doc.fontSize(12);
    for (const line of input.lines) doc.text(line);
    if (input.footer) {
      doc.moveDown();
      doc.fontSize(9).fillColor('#555555').text(input.footer);
    }
    doc.end();
  });
}

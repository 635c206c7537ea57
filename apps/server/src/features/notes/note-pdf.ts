import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import PDFDocument from 'pdfkit';
import { locale, longDate, pdfSafe, shortTime } from '../../platform/pdf-text';
import type { PrintableNote } from './notes.service';

/**
 * A printed visit note, letter size: the brand and the provider's credential block (name,
 * address, phone, fax, NPI, client number), then the patient (name, date of birth), the date
 * and time in the reader's time zone, the subject and the note's text. Long notes run onto
 * further pages.
 */
export function renderNotePdf(input: {
  brandName: string;
  printable: PrintableNote;
  lang: Lang;
  timeZone: string;
  printedAt: Date;
}): Promise<Buffer> {
  const { note, patient } = input.printable;
  const { lang } = input;
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
    translate(lang, key, params);
  const credential = note.providerCredential;
  const title = t('notes.note.title');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 72,
      info: { Title: `${input.brandName} — ${title}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const rule = () => {
      doc.moveDown(0.5);
      const y = doc.y;
      doc
        .moveTo(doc.page.margins.left, y)
        .lineTo(doc.page.margins.left + width, y)
        .lineWidth(0.5)
        .strokeColor('#888888')
        .stroke();
      doc.moveDown(0.5);
    };
    const field = (label: string, value: string) => {
      doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
      doc.font('Helvetica').text(pdfSafe(value) || '—');
    };

    // Brand and the provider's credential block.
    doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000').text(pdfSafe(input.brandName));
    doc.moveDown(0.3);
    doc.fontSize(11).text(pdfSafe(note.provider));
    doc.font('Helvetica').fontSize(10);
    const { name, line1, line2 } = credential.address;
    for (const line of [name, line1, line2].filter(Boolean)) doc.text(pdfSafe(line));
    const contact = [
      credential.address.phone
        ? t('notes.credential.phone', { phone: credential.address.phone })
        : '',
      credential.fax ? t('notes.credential.fax', { fax: credential.fax }) : '',
    ].filter(Boolean);
    if (contact.length > 0) doc.text(pdfSafe(contact.join('   ')));
    doc.text(
      pdfSafe(
        [
          t('notes.credential.npi', { npi: credential.npi }),
          credential.clientNumber
            ? t('notes.credential.clientNumber', { clientNumber: credential.clientNumber })
            : '',
        ]
          .filter(Boolean)
          .join('   '),
      ),
    );
    rule();

    // The note's facts.
    doc.font('Helvetica-Bold').fontSize(16).text(pdfSafe(title));
    doc.moveDown(0.4);
    doc.fontSize(11);
    field(t('notes.label.patient'), patient.name);
    field(t('notes.label.dob'), longDate(patient.dob, lang));
    field(
      t('notes.label.date'),
      `${longDate(note.date, lang)}, ${shortTime(note.time, lang)} (${input.timeZone})`,
    );
    field(t('notes.label.provider'), note.provider);
    if (note.author && note.author !== note.provider) field(t('notes.label.author'), note.author);
    field(t('notes.label.subject'), note.subject || t('notes.noSubject'));
    rule();

    // The text, as written (line breaks kept).
    doc.font('Helvetica-Bold').fontSize(11).text(t('notes.label.body'));
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(11).text(pdfSafe(note.body), { width, lineGap: 2 });

    doc.moveDown(1.5);
    doc
      .fontSize(8)
      .fillColor('#555555')
      .text(
        pdfSafe(
          t('notes.pdf.footer', {
            date: new Intl.DateTimeFormat(locale(lang), {
              dateStyle: 'long',
              timeStyle: 'short',
              timeZone: input.timeZone,
            }).format(input.printedAt),
          }),
        ),
      );
    doc.end();
  });
}

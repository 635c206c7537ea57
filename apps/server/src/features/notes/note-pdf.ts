import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { renderPdf } from '../../platform/pdf';
import { dateTime, longDate, shortTime } from '../../platform/pdf-text';
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
  return renderPdf({ title: `${input.brandName} — ${title}`, lang }, (pdf) => {
    const { doc } = pdf;
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const rule = () => {
      doc.moveDown(0.5);
      pdf.decoration(() => {
        const y = doc.y;
        doc
          .moveTo(doc.page.margins.left, y)
          .lineTo(doc.page.margins.left + width, y)
          .lineWidth(0.5)
          .strokeColor('#888888')
          .stroke();
      });
      doc.moveDown(0.5);
    };
    const field = (label: string, value: string) =>
      pdf.text([{ text: `${label}: `, bold: true }, { text: value || '—' }], { size: 11 });

    // Brand and the provider's credential block.
    pdf.text(input.brandName, { role: 'H1', bold: true, size: 18, color: '#000000' });
    doc.moveDown(0.3);
    pdf.text(note.provider, { bold: true, size: 11 });
    const { name, line1, line2 } = credential.address;
    for (const line of [name, line1, line2].filter(Boolean)) pdf.text(line, { size: 10 });
    const contact = [
      credential.address.phone
        ? t('notes.credential.phone', { phone: credential.address.phone })
        : '',
      credential.fax ? t('notes.credential.fax', { fax: credential.fax }) : '',
    ].filter(Boolean);
    if (contact.length > 0) pdf.text(contact.join('   '));
    pdf.text(
      [
        t('notes.credential.npi', { npi: credential.npi }),
        credential.clientNumber
          ? t('notes.credential.clientNumber', { clientNumber: credential.clientNumber })
          : '',
      ]
        .filter(Boolean)
        .join('   '),
    );
    rule();

    // The note's facts.
    pdf.text(title, { role: 'H2', bold: true, size: 16 });
    doc.moveDown(0.4);
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
    pdf.text(t('notes.label.body'), { role: 'H2', bold: true, size: 11 });
    doc.moveDown(0.3);
    pdf.text(note.body, { width, lineGap: 2 });

    doc.moveDown(1.5);
    pdf.text(t('notes.pdf.footer', { date: dateTime(input.printedAt, lang, input.timeZone) }), {
      size: 8,
      color: '#555555',
    });
  });
}

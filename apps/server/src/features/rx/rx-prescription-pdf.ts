import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { ProviderCredential } from '@apothecall/domain/notes/notes.schemas';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import PDFDocument from 'pdfkit';
import { longDate, pdfSafe } from '../../platform/pdf-text';
import type { RxPrescriptionRecord } from './rx.repo';

/**
 * The legal prescription (letter, 1 inch margins): the prescriber's credential block (name and
 * credential, address, phone, fax, NPI, client number), the patient (name, date of birth,
 * gender, phone: what a prescription needs, spec section 1), each medication with its sig,
 * the pharmacy, the date and the visit. Text the patient or prescriber typed goes through
 * pdfSafe.
 */
export function renderPrescriptionPdf(input: {
  brandName: string;
  lang: Lang;
  visitId: string;
  prescriber: { name: string; credential: ProviderCredential | undefined };
  patient: { name: string; dob: string; gender: string; phone: string | null };
  prescriptions: readonly RxPrescriptionRecord[];
  writtenAt: Date;
  /** The pharmacy that claimed it (its copy), when a pharmacy downloads it. */
  claimedBy?: { name: string; ncpdpId: string; at: Date };
}): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(input.lang, key, params);
  const title = t('rx.pdf.title');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 72,
      info: { Title: `${input.brandName} - ${title}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const credential = input.prescriber.credential;
    doc.font('Helvetica-Bold').fontSize(18).text(pdfSafe(input.brandName));
    doc.moveDown(0.3);
    doc.fontSize(11).text(pdfSafe(t('rx.pdf.prescriber', { name: input.prescriber.name })));
    doc.font('Helvetica').fontSize(10);
    if (credential) {
      const { name, line1, line2 } = credential.address;
      for (const line of [name, line1, line2].filter(Boolean)) doc.text(pdfSafe(line));
      doc.text(
        pdfSafe(
          t('rx.pdf.contact', {
            phone: credential.address.phone || '-',
            fax: credential.fax || '-',
          }),
        ),
      );
      doc.text(pdfSafe(t('rx.pdf.npi', { npi: credential.npi })));
      if (credential.clientNumber) {
        doc.text(pdfSafe(t('rx.pdf.clientNumber', { clientNumber: credential.clientNumber })));
      }
    }
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(16).text(pdfSafe(title));
    doc.moveDown(0.4);
    doc.font('Helvetica').fontSize(11);
    doc.text(
      pdfSafe(
        t('rx.pdf.patient', {
          name: input.patient.name,
          dob: longDate(input.patient.dob, input.lang),
        }),
      ),
    );
    doc.text(
      // The phone is kept in E.164; printed as people write it (305-555-0142).
      pdfSafe(
        `${input.patient.gender}${input.patient.phone ? ` · ${formatPhone(input.patient.phone)}` : ''}`,
      ),
    );
    doc.moveDown();
    for (const p of input.prescriptions) {
      doc.font('Helvetica-Bold').text(
        pdfSafe(
          t('rx.pdf.item', {
            medication: p.medication,
            strength: p.strength,
            quantity: p.quantity,
            refills: p.refills,
          }),
        ),
      );
      doc.font('Helvetica').text(pdfSafe(t('rx.pdf.directions', { directions: p.directions })));
      const ncpdp = p.pharmacy && typeof p.pharmacy.ncpdpId === 'string' ? p.pharmacy.ncpdpId : '';
      if (ncpdp) doc.text(pdfSafe(t('rx.pdf.pharmacy', { pharmacy: `NCPDP ${ncpdp}` })));
      doc.moveDown(0.5);
    }
    doc.moveDown();
    doc.text(
      pdfSafe(
        t('rx.pdf.date', {
          date: longDate(input.writtenAt.toISOString().slice(0, 10), input.lang),
        }),
      ),
    );
    if (input.claimedBy) {
      doc.text(
        pdfSafe(
          t('pharmacy.pdf.claimedBy', {
            pharmacy: input.claimedBy.name,
            ncpdpId: input.claimedBy.ncpdpId,
            date: longDate(input.claimedBy.at.toISOString().slice(0, 10), input.lang),
          }),
        ),
      );
    }
    doc
      .fontSize(9)
      .fillColor('#555555')
      .text(pdfSafe(t('rx.pdf.visit', { id: input.visitId })));
    doc.end();
  });
}

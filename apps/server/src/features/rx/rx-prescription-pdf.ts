import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { ProviderCredential } from '@apothecall/domain/notes/notes.schemas';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import { renderPdf } from '../../platform/pdf';
import { dayOf, longDate } from '../../platform/pdf-text';
import type { RxPrescriptionRecord } from './rx.repo';

/**
 * The legal prescription (letter, 1 inch margins): the prescriber's credential block (name and
 * credential, address, phone, fax, NPI, client number), the patient (name, date of birth,
 * address, gender, phone: what a prescription needs, spec section 1; "Address not on file" when
 * the person has no street address), each medication with its sig,
 * the pharmacy, the date (the day it was written, and claimed, in the reader's time zone) and the
 * visit.
 */
export function renderPrescriptionPdf(input: {
  brandName: string;
  lang: Lang;
  /** Where the reader is: the days printed are theirs. */
  timeZone: string;
  visitId: string;
  prescriber: { name: string; credential: ProviderCredential | undefined };
  patient: {
    name: string;
    dob: string;
    gender: string;
    phone: string | null;
    /** The postal address on file; null when none is (printed as "Address not on file"). */
    address: { line: string; state: string | null; zipCode: string | null } | null;
  };
  prescriptions: readonly RxPrescriptionRecord[];
  writtenAt: Date;
  /** The pharmacy that claimed it (its copy), when a pharmacy downloads it. */
  claimedBy?: { name: string; ncpdpId: string; at: Date };
}): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(input.lang, key, params);
  const title = t('rx.pdf.title');
  return renderPdf({ title: `${input.brandName} — ${title}`, lang: input.lang }, (pdf) => {
    const { doc } = pdf;
    const credential = input.prescriber.credential;
    pdf.text(input.brandName, { role: 'H1', bold: true, size: 18 });
    doc.moveDown(0.3);
    pdf.text(t('rx.pdf.prescriber', { name: input.prescriber.name }), { bold: true, size: 11 });
    if (credential) {
      const { name, line1, line2 } = credential.address;
      for (const line of [name, line1, line2].filter(Boolean)) pdf.text(line, { size: 10 });
      pdf.text(
        t('rx.pdf.contact', {
          phone: credential.address.phone || '-',
          fax: credential.fax || '-',
        }),
        { size: 10 },
      );
      pdf.text(t('rx.pdf.npi', { npi: credential.npi }), { size: 10 });
      if (credential.clientNumber) {
        pdf.text(t('rx.pdf.clientNumber', { clientNumber: credential.clientNumber }), {
          size: 10,
        });
      }
    }
    doc.moveDown();
    pdf.text(title, { role: 'H2', bold: true, size: 16 });
    doc.moveDown(0.4);
    pdf.text(
      t('rx.pdf.patient', {
        name: input.patient.name,
        dob: longDate(input.patient.dob, input.lang),
      }),
      { size: 11 },
    );
    const { address } = input.patient;
    pdf.text(
      address
        ? t('rx.pdf.address', {
            address: [address.line, [address.state, address.zipCode].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', '),
          })
        : t('rx.pdf.noAddress'),
      { size: 11 },
    );
    // The phone is kept in E.164; printed as people write it (305-555-0142).
    pdf.text(
      `${input.patient.gender}${input.patient.phone ? ` · ${formatPhone(input.patient.phone)}` : ''}`,
    );
    doc.moveDown();
    for (const p of input.prescriptions) {
      pdf.text(
        t('rx.pdf.item', {
          medication: p.medication,
          strength: p.strength,
          quantity: p.quantity,
          refills: p.refills,
        }),
        { bold: true },
      );
      pdf.text(t('rx.pdf.directions', { directions: p.directions }));
      const ncpdp = p.pharmacy && typeof p.pharmacy.ncpdpId === 'string' ? p.pharmacy.ncpdpId : '';
      if (ncpdp) pdf.text(t('rx.pdf.pharmacy', { pharmacy: `NCPDP ${ncpdp}` }));
      doc.moveDown(0.5);
    }
    doc.moveDown();
    pdf.text(t('rx.pdf.date', { date: dayOf(input.writtenAt, input.lang, input.timeZone) }));
    if (input.claimedBy) {
      pdf.text(
        t('pharmacy.pdf.claimedBy', {
          pharmacy: input.claimedBy.name,
          ncpdpId: input.claimedBy.ncpdpId,
          date: dayOf(input.claimedBy.at, input.lang, input.timeZone),
        }),
      );
    }
    pdf.text(t('rx.pdf.visit', { id: input.visitId }), { size: 9, color: '#555555' });
  });
}

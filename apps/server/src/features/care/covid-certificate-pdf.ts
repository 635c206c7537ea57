import type {
  CovidTestResult,
  CovidTestType,
} from '@apothecall/domain/care/covid-certificates.api';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { renderPdf } from '../../platform/pdf';
import { longDate } from '../../platform/pdf-text';

/** The certificate's QR code: the public verification page, as a PNG. */
async function certificateQrPng(verifyUrl: string): Promise<Buffer> {
  // Loaded with the first certificate, not at start (docs/performance.md, "Memory").
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    scale: 4,
  });
}

/**
 * A Covid test certificate, letter size: the brand, the holder's name and date of birth, the
 * test's type, result and day, the certifying provider and licence, the issue day, the
 * verification id and a QR code of the public verification page (`/#/test?id=`).
 */
export async function renderCovidCertificatePdf(input: {
  brandName: string;
  lang: Lang;
  patient: { name: string; dob: string };
  testType: CovidTestType;
  result: CovidTestResult;
  testedOn: string;
  provider: { name: string; credential: string };
  issuedOn: string;
  verificationId: string;
  verifyUrl: string;
}): Promise<Buffer> {
  const { lang } = input;
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
    translate(lang, key, params);
  const qr = await certificateQrPng(input.verifyUrl);
  const title = t('certificates.pdf.title');
  return renderPdf({ title: `${input.brandName} — ${title}`, lang }, (pdf) => {
    pdf.text(input.brandName, { size: 12, color: '#555555' });
    pdf.doc.moveDown(0.5);
    pdf.text(title, { role: 'H1', size: 20, color: '#000000' });
    pdf.doc.moveDown();
    pdf.text(t('certificates.pdf.patient', { name: input.patient.name }), { size: 12 });
    pdf.text(t('certificates.pdf.dob', { dob: longDate(input.patient.dob, lang) }));
    pdf.doc.moveDown(0.5);
    pdf.text(
      t('certificates.pdf.testType', {
        testType: translate(lang, `certificates.testType.${input.testType}`),
      }),
    );
    pdf.text(
      t('certificates.pdf.result', {
        result: translate(lang, `certificates.result.${input.result}`),
      }),
      { size: 16 },
    );
    pdf.text(t('certificates.pdf.testedOn', { date: longDate(input.testedOn, lang) }), {
      size: 12,
    });
    pdf.doc.moveDown(0.5);
    pdf.text(t('certificates.pdf.provider', { provider: input.provider.name }));
    if (input.provider.credential) {
      pdf.text(t('certificates.pdf.credential', { credential: input.provider.credential }));
    }
    pdf.text(t('certificates.pdf.issued', { date: longDate(input.issuedOn, lang) }));
    pdf.doc.moveDown();
    pdf.text(t('certificates.pdf.verificationId', { id: input.verificationId }), { size: 14 });
    pdf.doc.moveDown(0.5);
    pdf.image(qr, {
      fit: [144, 144],
      alt: t('certificates.pdf.verifyAt', { url: input.verifyUrl }),
    });
    pdf.doc.moveDown(0.5);
    pdf.text(t('certificates.pdf.verifyAt', { url: input.verifyUrl }), {
      size: 9,
      color: '#555555',
    });
  });
}

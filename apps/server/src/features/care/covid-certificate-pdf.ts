import type {
  CovidTestResult,
  CovidTestType,
} from '@apothecall/domain/care/covid-certificates.api';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { longDate, pdfSafe } from '../../platform/pdf-text';

/** The certificate's QR code: the public verification page, as a PNG. */
function certificateQrPng(verifyUrl: string): Promise<Buffer> {
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
    pdfSafe(translate(lang, key, params));
  const qr = await certificateQrPng(input.verifyUrl);
  const title = t('certificates.pdf.title');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 72,
      info: { Title: `${pdfSafe(input.brandName)} — ${title}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(12).fillColor('#555555').text(pdfSafe(input.brandName));
    doc.moveDown(0.5);
    doc.fontSize(20).fillColor('#000000').text(title);
    doc.moveDown();
    doc.fontSize(12);
    doc.text(t('certificates.pdf.patient', { name: input.patient.name }));
    doc.text(t('certificates.pdf.dob', { dob: longDate(input.patient.dob, lang) }));
    doc.moveDown(0.5);
    doc.text(
      t('certificates.pdf.testType', {
        testType: translate(lang, `certificates.testType.${input.testType}`),
      }),
    );
    doc.fontSize(16).text(
      t('certificates.pdf.result', {
        result: translate(lang, `certificates.result.${input.result}`),
      }),
    );
    doc.fontSize(12).text(t('certificates.pdf.testedOn', { date: longDate(input.testedOn, lang) }));
    doc.moveDown(0.5);
    doc.text(t('certificates.pdf.provider', { provider: input.provider.name }));
    if (input.provider.credential) {
      doc.text(t('certificates.pdf.credential', { credential: input.provider.credential }));
    }
    doc.text(t('certificates.pdf.issued', { date: longDate(input.issuedOn, lang) }));
    doc.moveDown();
    doc.fontSize(14).text(t('certificates.pdf.verificationId', { id: input.verificationId }));
    doc.moveDown(0.5);
    doc.image(qr, { fit: [144, 144] });
    doc.moveDown(0.5);
    doc
      .fontSize(9)
      .fillColor('#555555')
      .text(t('certificates.pdf.verifyAt', { url: input.verifyUrl }));
    doc.end();
  });
}

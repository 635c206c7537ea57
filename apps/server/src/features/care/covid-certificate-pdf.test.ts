import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { pdfFacts, pdfFonts, pdfText } from '../../../test/pdf-text';
import { renderCovidCertificatePdf } from './covid-certificate-pdf';

const input = {
  brandName: 'Apothecall',
  patient: { name: 'Nora Quinn', dob: '1990-03-14' },
  testType: 'antigen' as const,
  result: 'negative' as const,
  testedOn: '2026-11-20',
  provider: { name: 'Samuel Okafor, MD', credential: 'FL ME123456' },
  issuedOn: '2026-11-21',
  verificationId: 'AB12CD34EF',
  verifyUrl: 'https://app.apothecall.com/#/test?id=AB12CD34EF',
};

describe('the Covid test certificate PDF', () => {
  it('says the test type, result, date, provider and credential, and the verification id', async () => {
    const text = pdfText(await renderCovidCertificatePdf({ ...input, lang: 'en' }));
    for (const line of [
      'COVID-19 Test Certificate',
      'Name: Nora Quinn',
      'Date of birth: March 14, 1990',
      'Test: Rapid antigen test',
      'Result: Negative',
      'Test date: November 20, 2026',
      'Observed and certified by: Samuel Okafor, MD',
      'Licence: FL ME123456',
      'Issued: November 21, 2026',
      'Verification id: AB12CD34EF',
      'Verify this certificate at https://app.apothecall.com/#/test?id=AB12CD34EF',
    ]) {
      expect(text).toContain(line);
    }
  });

  it("carries a QR code of the brand's verification page, at the code's own size", async () => {
    const pdf = (await renderCovidCertificatePdf({ ...input, lang: 'en' })).toString('latin1');
    // The code of this address: its modules, a one-module margin, four pixels each.
    const modules = QRCode.create(input.verifyUrl, { errorCorrectionLevel: 'M' }).modules.size;
    const pixels = (modules + 2) * 4;
    const image = /\/Subtype \/Image[^>]*/.exec(pdf)?.[0] ?? '';
    expect(image).toContain(`/Width ${pixels}`);
    expect(image).toContain(`/Height ${pixels}`);
  });

  it('is written in Spanish for a Spanish reader', async () => {
    const text = pdfText(
      await renderCovidCertificatePdf({ ...input, lang: 'es', result: 'positive' }),
    );
    expect(text).toContain('Certificado de prueba de COVID-19');
    expect(text).toContain('Resultado: Positivo');
    expect(text).toContain('Licencia: FL ME123456');
  });

  it('prints a name in Vietnamese and Chinese as written, in embedded Noto fonts', async () => {
    const mixed = 'tiếng Việt; 中文';
    const pdf = await renderCovidCertificatePdf({
      ...input,
      lang: 'en',
      patient: { name: `Lê ${mixed}`, dob: '1990-03-14' },
    });
    expect(pdfText(pdf).split('\n')).toContain(`Name: Lê ${mixed}`);
    expect(pdfFonts(pdf)).toEqual(
      expect.arrayContaining([
        { name: 'NotoSans-Regular', embedded: 'FontFile2' },
        { name: 'NotoSansHans-Regular', embedded: 'FontFile3' },
      ]),
    );
    expect(pdfFonts(pdf).filter((f) => f.embedded === null)).toEqual([]);
  });

  it('has a title and a language, in the reader’s language, and is tagged', async () => {
    expect(pdfFacts(await renderCovidCertificatePdf({ ...input, lang: 'es' }))).toMatchObject({
      title: 'Apothecall — Certificado de prueba de COVID-19',
      lang: 'es',
      tagged: true,
      displayDocTitle: true,
    });
  });
});

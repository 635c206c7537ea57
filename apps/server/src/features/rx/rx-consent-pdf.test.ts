import { describe, expect, it } from 'vitest';
import { pdfFacts, pdfFonts, pdfText } from '../../../test/pdf-text';
import { renderConsentPdf } from './rx-consent-pdf';

/** Text no standard PDF font can draw: Vietnamese, then Chinese, in one run. */
const mixed = 'tiếng Việt; 中文';

const input = {
  brandName: 'Apothecall',
  timeZone: 'America/Chicago',
  visitId: 'v-1',
  productName: 'Naltrexone',
  patient: { name: `Lê ${mixed}`, dob: '1990-03-14' },
  // Accepted late on the 20th in Chicago, already the 21st in UTC.
  consents: [{ id: 'ldn', versionDate: '2025-01-01', acceptedAt: '2026-11-21T03:30:00.000Z' }],
};

describe('the consent record PDF', () => {
  it('prints the patient as written, in embedded fixed-width and CJK fonts, dated in the reader’s zone', async () => {
    const pdf = await renderConsentPdf({ ...input, lang: 'en' });
    const text = pdfText(pdf);
    expect(text.split('\n')).toContain(`Patient: Lê ${mixed}, born March 14, 1990`);
    expect(text.replace(/\s+/g, ' ')).toContain('Accepted on November 20, 2026 at 9:30 PM CST');
    expect(pdfFonts(pdf)).toEqual(
      expect.arrayContaining([
        { name: 'NotoSansMono-Regular', embedded: 'FontFile2' },
        { name: 'NotoSansHans-Regular', embedded: 'FontFile3' },
      ]),
    );
    expect(pdfFonts(pdf).filter((f) => f.embedded === null)).toEqual([]);
  });

  it('has a title and a language, in the reader’s language, and is tagged', async () => {
    expect(pdfFacts(await renderConsentPdf({ ...input, lang: 'es' }))).toMatchObject({
      title: 'Apothecall — Registro de consentimiento',
      lang: 'es',
      tagged: true,
      displayDocTitle: true,
    });
  });
});

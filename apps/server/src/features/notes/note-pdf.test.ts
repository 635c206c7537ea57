import { describe, expect, it } from 'vitest';
import { pdfFacts, pdfFonts, pdfText } from '../../../test/pdf-text';
import { renderNotePdf } from './note-pdf';
import type { PrintableNote } from './notes.service';

/** Text no standard PDF font can draw: Vietnamese, then Chinese, in one run. */
const mixed = 'tiếng Việt; 中文';

const printable = {
  note: {
    id: 'n1',
    date: '2026-11-20',
    time: '09:05:00',
    provider: 'Dr. Thảo Nguyễn, MD',
    subject: `Follow-up (${mixed})`,
    body: `First line: ${mixed}\nSecond line — with a dash and ñ.`,
    ptId: 'p1',
    author: 'Dr. Thảo Nguyễn, MD',
    providerCredential: {
      address: {
        name: 'Clínica Nguyễn',
        line1: '1 Main St',
        line2: 'Miami, FL 33101',
        phone: '305-555-0100',
      },
      fax: '',
      npi: '1234567893',
      clientNumber: '',
    },
  },
  patient: { name: `Lê ${mixed}`, dob: '1990-03-14' },
} satisfies PrintableNote;

describe('the visit note PDF', () => {
  it('prints Vietnamese and Chinese as written, in embedded Noto fonts', async () => {
    const pdf = await renderNotePdf({
      brandName: 'Apothecall',
      printable: printable,
      lang: 'en',
      timeZone: 'America/Chicago',
      printedAt: new Date('2026-11-20T15:05:00Z'),
    });
    const lines = pdfText(pdf).split('\n');
    expect(lines).toContain(`First line: ${mixed}`);
    expect(lines).toContain('Second line — with a dash and ñ.');
    expect(lines).toContain(`Patient: Lê ${mixed}`);
    expect(lines).toContain(`Subject: Follow-up (${mixed})`);
    expect(lines).toContain('Dr. Thảo Nguyễn, MD');
    expect(pdfFonts(pdf)).toEqual(
      expect.arrayContaining([
        { name: 'NotoSans-Regular', embedded: 'FontFile2' },
        { name: 'NotoSans-Bold', embedded: 'FontFile2' },
        { name: 'NotoSansHans-Regular', embedded: 'FontFile3' },
      ]),
    );
    expect(pdfFonts(pdf).filter((f) => f.embedded === null)).toEqual([]);
  });

  it('has a title and a language, in the reader’s language, and is tagged', async () => {
    const pdf = await renderNotePdf({
      brandName: 'Apothecall',
      printable: printable,
      lang: 'es',
      timeZone: 'America/Chicago',
      printedAt: new Date('2026-11-20T15:05:00Z'),
    });
    expect(pdfFacts(pdf)).toMatchObject({
      title: 'Apothecall — Nota de consulta',
      lang: 'es',
      tagged: true,
      displayDocTitle: true,
    });
    expect(pdfText(pdf)).toContain('Impreso el 20 de noviembre de 2026');
  });
});

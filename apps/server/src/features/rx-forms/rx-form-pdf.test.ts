import { rxFormVersion } from '@apothecall/domain/rx/rx-forms.rules';
import { describe, expect, it } from 'vitest';
import { pdfFacts, pdfFonts, pdfText } from '../../../test/pdf-text';
import { renderSignedFormPdf } from './rx-form-pdf';

/** Text no standard PDF font can draw: Vietnamese, then Chinese, in one run. */
const mixed = 'tiếng Việt; 中文';
const form = rxFormVersion('pickupAuthorization', '2026-11-01');
if (!form) throw new Error('the pickup authorization form is gone');

const input = {
  brandName: 'Apothecall',
  timeZone: 'America/Chicago',
  form,
  pharmacy: { name: 'Farmacia Bình An', ncpdpId: '1234567' },
  visitId: 'v-1',
  patient: { name: `Lê ${mixed}`, dob: '1990-03-14' },
  onBehalf: false,
  designeeName: 'Trần Thị Hoa',
  requestedAt: new Date('2026-11-19T22:30:00Z'),
  signedAt: new Date('2026-11-20T15:05:00Z'),
  signedName: `Lê ${mixed}`,
};
/** The text with line wraps and Intl's narrow spaces read as plain spaces. */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

describe('the signed form PDF', () => {
  it('prints the signer’s name as typed, in embedded Noto fonts', async () => {
    const pdf = await renderSignedFormPdf({ ...input, lang: 'en' });
    expect(pdfText(pdf).split('\n')).toContain(`Patient: Lê ${mixed}, born March 14, 1990`);
    expect(flat(pdf)).toContain(`Signed electronically by Lê ${mixed} on`);
    expect(flat(pdf)).toContain('I authorize Trần Thị Hoa to pick up from Farmacia Bình An');
    expect(pdfFonts(pdf)).toEqual(
      expect.arrayContaining([
        { name: 'NotoSans-Regular', embedded: 'FontFile2' },
        { name: 'NotoSansHans-Regular', embedded: 'FontFile3' },
      ]),
    );
    expect(pdfFonts(pdf).filter((f) => f.embedded === null)).toEqual([]);
  });

  it('dates the request and the signature in the reader’s time zone, never as ISO timestamps', async () => {
    const english = flat(await renderSignedFormPdf({ ...input, lang: 'en' }));
    expect(english).toContain('Requested on November 19, 2026 at 4:30 PM CST');
    expect(english).toContain(`Lê ${mixed} on November 20, 2026 at 9:05 AM CST.`);
    expect(english).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    const spanish = flat(await renderSignedFormPdf({ ...input, lang: 'es' }));
    expect(spanish).toContain('20 de noviembre de 2026 a las 9:05 a.m. CST');
    expect(spanish).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });

  it('has the form’s title and its language, and is tagged', async () => {
    expect(pdfFacts(await renderSignedFormPdf({ ...input, lang: 'es' }))).toMatchObject({
      title: 'Apothecall — Autorización para que otra persona recoja el medicamento',
      lang: 'es',
      tagged: true,
      displayDocTitle: true,
    });
  });
});

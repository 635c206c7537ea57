import { describe, expect, it } from 'vitest';
import { pdfFacts, pdfFonts, pdfText } from '../../../test/pdf-text';
import { renderPrescriptionPdf } from './rx-prescription-pdf';

/** Text no standard PDF font can draw: Vietnamese, then Chinese, in one run. */
const mixed = 'tiếng Việt; 中文';

const input = {
  brandName: 'Apothecall',
  timeZone: 'America/Chicago',
  visitId: 'v-1',
  prescriber: { name: 'Dr. Thảo Nguyễn, MD', credential: undefined },
  patient: {
    name: `Lê ${mixed}`,
    dob: '1990-03-14',
    gender: 'F',
    phone: null,
    address: { line: '12 Ocean Drive, Miami', state: 'FL', zipCode: '33139' },
  },
  prescriptions: [
    {
      id: 'p1',
      visitId: 'v-1',
      prescriberId: 'dr',
      medication: 'Naltrexone',
      strength: '4.5 mg',
      quantity: 30,
      refills: 2,
      directions: 'Uống 1 viên mỗi tối',
      pharmacy: null,
      supersededAt: null,
      createdAt: new Date('2026-11-21T03:30:00Z'),
    },
  ],
  // Still the 20th in Chicago, already the 21st in UTC.
  writtenAt: new Date('2026-11-21T03:30:00Z'),
};

describe('the prescription PDF', () => {
  it('prints the patient and the directions as written, dated in the reader’s zone, in embedded fonts', async () => {
    const pdf = await renderPrescriptionPdf({ ...input, lang: 'en' });
    const lines = pdfText(pdf).split('\n');
    expect(lines).toContain(`Patient: Lê ${mixed}, born March 14, 1990`);
    expect(lines).toContain('Sig: Uống 1 viên mỗi tối');
    expect(lines).toContain('Prescriber: Dr. Thảo Nguyễn, MD');
    expect(lines).toContain('Date written: November 20, 2026');
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
    expect(pdfFacts(await renderPrescriptionPdf({ ...input, lang: 'es' }))).toMatchObject({
      title: 'Apothecall — Receta',
      lang: 'es',
      tagged: true,
      displayDocTitle: true,
    });
  });

  it("prints the patient's phone, kept in E.164, as people write it", async () => {
    const pdf = await renderPrescriptionPdf({
      ...input,
      lang: 'en',
      patient: { ...input.patient, phone: '+13055550142' },
    });
    const text = pdfText(pdf);
    expect(text).toContain('F · 305-555-0142');
    expect(text).not.toContain('+1305');
  });

  it("prints the patient's address, as a US prescription must", async () => {
    const en = pdfText(await renderPrescriptionPdf({ ...input, lang: 'en' })).split('\n');
    expect(en).toContain('Address: 12 Ocean Drive, Miami, FL 33139');
    const es = pdfText(await renderPrescriptionPdf({ ...input, lang: 'es' })).split('\n');
    expect(es).toContain('Dirección: 12 Ocean Drive, Miami, FL 33139');
  });

  it('says so when the patient has no address on file, in the reader’s language', async () => {
    const patient = { ...input.patient, address: null };
    const en = pdfText(await renderPrescriptionPdf({ ...input, patient, lang: 'en' }));
    expect(en.split('\n')).toContain('Address: Address not on file');
    const es = pdfText(await renderPrescriptionPdf({ ...input, patient, lang: 'es' }));
    expect(es.split('\n')).toContain('Dirección: Dirección no registrada');
  });
});

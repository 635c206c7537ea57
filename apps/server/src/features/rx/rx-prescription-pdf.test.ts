import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { renderPrescriptionPdf } from './rx-prescription-pdf';

describe('prescription PDF', () => {
  it("prints the patient's phone, kept in E.164, as people write it (issue 34)", async () => {
    const pdf = await renderPrescriptionPdf({
      brandName: 'Apothecall',
      lang: 'en',
      visitId: '6f1c2b7e-0000-4000-8000-000000000001',
      prescriber: { name: 'Dr. Ada Stone', credential: undefined },
      patient: { name: 'Nora Quinn', dob: '1990-03-14', gender: 'F', phone: '+13055550142' },
      prescriptions: [],
      writtenAt: new Date('2026-11-20T15:30:00.000Z'),
    });
    const text = pdfText(pdf);
    expect(text).toContain('F · 305-555-0142');
    expect(text).not.toContain('+1305');
  });
});

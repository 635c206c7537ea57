import type { AssessmentIntake } from '@apothecall/domain/assessments/assessment.api';
import { describe, expect, it } from 'vitest';
import { pdfFacts, pdfFonts, pdfText } from '../../../test/pdf-text';
import { renderAssessmentPdf } from './assessment-pdf';

/** Text no standard PDF font can draw: Vietnamese, then Chinese, in one run. */
const mixed = 'tiếng Việt; 中文';

const intake: AssessmentIntake = {
  form: 'uri',
  patient: {
    firstName: 'Lê',
    lastName: 'Thị Hoa',
    email: 'hoa@example.com',
    dob: '1990-03-14',
    gender: 'F',
    phone: '(305) 555-0100',
    state: 'FL',
    language: 'en',
  },
  symptoms: ['cough', 'fever'],
  onsetDays: 3,
  history: {
    pregnantOrBreastfeeding: false,
    allergies: 'Penicilina',
    medications: '',
    recentAntibiotics: false,
    recurrentInfections: false,
    conditions: [],
  },
  tests: { flu: 'negative', covid: 'notDone', strep: 'notDone', urineDipstick: 'notDone' },
  comments: `Speaks ${mixed}`,
};

describe('the in-store assessment PDF', () => {
  it('prints the patient’s name and the comments as written, in embedded Noto fonts', async () => {
    const pdf = await renderAssessmentPdf({
      brandName: 'Apothecall',
      lang: 'en',
      pharmacyName: 'Nhà thuốc Bình An',
      assessedOn: '2026-11-20',
      intake,
    });
    const lines = pdfText(pdf).split('\n');
    expect(lines).toContain(`Speaks ${mixed}`);
    expect(lines).toContain('Patient: Lê Thị Hoa, born March 14, 1990');
    expect(lines).toContain('Pharmacy: Nhà thuốc Bình An');
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
    const pdf = await renderAssessmentPdf({
      brandName: 'Apothecall',
      lang: 'es',
      pharmacyName: 'Nhà thuốc Bình An',
      assessedOn: '2026-11-20',
      intake,
    });
    expect(pdfFacts(pdf)).toMatchObject({
      title: 'Apothecall — Evaluación en la farmacia',
      lang: 'es',
      tagged: true,
      displayDocTitle: true,
    });
  });

  it('counts the days since the symptoms began by each language’s plural rules', async () => {
    const text = async (lang: 'en' | 'es', onsetDays: number) =>
      pdfText(
        await renderAssessmentPdf({
          brandName: 'Apothecall',
          lang,
          pharmacyName: 'Sunrise Pharmacy',
          assessedOn: '2026-11-20',
          intake: { ...intake, onsetDays },
        }),
      ).split('\n');
    expect(await text('en', 1)).toContain('1 day since the symptoms began');
    expect(await text('en', 3)).toContain('3 days since the symptoms began');
    expect(await text('es', 1)).toContain('1 día desde que empezaron los síntomas');
    expect(await text('es', 0)).toContain('0 días desde que empezaron los síntomas');
  });
});

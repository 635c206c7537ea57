import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { consentDocuments, consentPdfLayout } from './consent-documents.rules';

describe('consent PDF layout (spec 9)', () => {
  it('is letter size with 1 inch margins, 80 characters per line, 38 lines per page', () => {
    expect(consentPdfLayout).toMatchObject({
      pageSize: 'letter',
      marginInches: 1,
      charactersPerLine: 80,
      linesPerPage: 38,
    });
  });
});

describe('consent documents (spec 9)', () => {
  it('has the 12 documents, each with an ISO version date and a title in both languages', () => {
    expect(consentDocuments.map((d) => translate('en', d.titleKey))).toEqual([
      'GLP-1 consent',
      'GHK-Cu consent',
      'Ivermectin consent',
      'Mebendazole consent',
      'Low dose naltrexone (LDN) consent',
      'Extended chronic supply consent',
      'Bupropion-Naltrexone consent',
      'Intracavernosal injection consent',
      'Sermorelin consent',
      'NAD consent',
      'B12 consent',
      'PT-141 consent',
    ]);
    for (const doc of consentDocuments) {
      expect(doc.versionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(translate('es', doc.titleKey)).toMatch(/^Consentimiento/);
    }
  });
});

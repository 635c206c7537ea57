import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import {
  consentDocuments,
  consentPages,
  consentPdfLayout,
  wrapConsentText,
} from './consent-documents.rules';

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

describe('consent text layout (spec 9: 80 characters a line, 38 lines a page)', () => {
  it('wraps at 80 characters without losing a word, and keeps paragraph breaks', () => {
    const text = `${'lorem ipsum dolor '.repeat(20)}\nSecond paragraph.`;
    const lines = wrapConsentText(text);
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    expect(lines.join(' ').split(/\s+/).filter(Boolean)).toEqual(text.split(/\s+/).filter(Boolean));
    expect(lines.at(-1)).toBe('Second paragraph.');
  });

  it('cuts a word longer than a line', () => {
    expect(wrapConsentText('x'.repeat(170))).toEqual([
      'x'.repeat(80),
      'x'.repeat(80),
      'x'.repeat(10),
    ]);
  });

  it('counts a Chinese character as two columns and a combining mark as none (issue 34)', () => {
    expect(wrapConsentText('中'.repeat(50))).toEqual(['中'.repeat(40), '中'.repeat(10)]);
    expect(wrapConsentText(`Tên: ${'文'.repeat(37)} x`)).toEqual([`Tên: ${'文'.repeat(37)}`, 'x']);
    // 'ệ' written as 'e' and two marks is one column, and is never cut from its marks.
    const decomposed = 'ệ'.normalize('NFD');
    expect(wrapConsentText(decomposed.repeat(81))).toEqual([decomposed.repeat(80), decomposed]);
    // A character outside the Basic Multilingual Plane is not cut in half.
    expect(wrapConsentText('𠀀'.repeat(41))).toEqual(['𠀀'.repeat(40), '𠀀']);
  });

  it('pages 38 lines at a time', () => {
    const pages = consentPages(Array.from({ length: 80 }, (_, i) => `line ${i}`));
    expect(pages.map((p) => p.length)).toEqual([38, 38, 4]);
    expect(consentPages([])).toEqual([[]]);
  });
});

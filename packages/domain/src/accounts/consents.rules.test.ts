import { describe, expect, it } from 'vitest';
import {
  acceptedVersionOf,
  consentNoticeStates,
  consentsUpToDate,
  currentLegalVersions,
  legalNoticeLinks,
} from './consents.rules';

describe('legal consents', () => {
  const current = [
    { document: 'consentToTreat', version: currentLegalVersions.consentToTreat },
    { document: 'terms', version: currentLegalVersions.terms },
  ];

  it('needs both documents at their current versions', () => {
    expect(consentsUpToDate(current)).toBe(true);
    expect(consentsUpToDate(current.slice(0, 1))).toBe(false);
    expect(consentsUpToDate([])).toBe(false);
  });

  it('does not count an older version', () => {
    expect(
      consentsUpToDate([{ document: 'consentToTreat', version: '2020-01-01' }, current[1]!]),
    ).toBe(false);
  });

  it('reports the newest accepted version', () => {
    expect(
      acceptedVersionOf([{ document: 'terms', version: '2020-01-01' }, ...current], 'terms'),
    ).toBe(currentLegalVersions.terms);
    expect(acceptedVersionOf([], 'terms')).toBeNull();
  });
});

describe('legal-notice links (spec 3)', () => {
  it('names consent to treat and the terms, with a per-state notice for TX', () => {
    expect(legalNoticeLinks).toEqual(['consentToTreat', 'terms']);
    expect(consentNoticeStates).toEqual(['TX']);
  });
});

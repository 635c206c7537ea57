import { describe, expect, it } from 'vitest';
import { isValidDea, isValidNpi, normalizeDea } from './providers.rules';

describe('provider identifiers', () => {
  it('checks the NPI check digit', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1245319599')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678a3')).toBe(false);
  });

  it('checks the DEA format and check digit', () => {
    // 1+3+5 = 9; 2*(2+4+6) = 24; 33 -> 3
    expect(isValidDea('AB1234563')).toBe(true);
    expect(isValidDea('AB1234567')).toBe(false);
    expect(isValidDea('A91234563')).toBe(false);
    expect(isValidDea('AB123456')).toBe(false);
    expect(isValidDea(normalizeDea(' ab1234563 '))).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brandPalette,
  contrastRatio,
  dimmedText,
  errorText,
  minimumContrast,
  readableOnWhite,
  tint,
} from './brand-colors.rules';

const hexColor = fc
  .integer({ min: 0, max: 0xffffff })
  .map((n) => `#${n.toString(16).padStart(6, '0')}`);

describe('contrast (WCAG 2.1)', () => {
  it('measures the known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Mantine's dimmed grey and error red, which axe-core flagged.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#fa5252', '#ffffff')).toBeCloseTo(3.28, 2);
  });

  it('keeps the app greys and reds readable on white and on a light tint', () => {
    for (const color of [dimmedText, errorText]) {
      expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(minimumContrast);
      expect(contrastRatio(color, '#f1f3f5')).toBeGreaterThanOrEqual(minimumContrast);
    }
  });

  it('keeps a brand colour that already reads, and darkens one that does not', () => {
    expect(readableOnWhite('#0B7285')).toBe('#0b7285');
    const green = readableOnWhite('#2f9e44');
    expect(green).not.toBe('#2f9e44');
    expect(contrastRatio(green, '#ffffff')).toBeGreaterThanOrEqual(minimumContrast);
  });

  it('makes any colour readable on white and on its own light tint (property)', () => {
    fc.assert(
      fc.property(hexColor, hexColor, (primary, accent) => {
        const palette = brandPalette(primary, accent);
        for (const color of [palette.primary, palette.accent]) {
          expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(minimumContrast);
          expect(contrastRatio(color, tint(color, 0.9))).toBeGreaterThanOrEqual(minimumContrast);
        }
      }),
    );
  });
});

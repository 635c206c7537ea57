import {
  brandPalette,
  contrastRatio,
  lightVariantTint,
  minimumContrast,
  tint,
} from '@apothecall/domain/brands/brand-colors.rules';
import { describe, expect, it } from 'vitest';
import { demoBrands } from './demo-seed';

/**
 * Every seeded brand's colours as the web theme paints them: text in the brand
 * colour, white text on a filled button, text on the light variant, secondary text and errors
 * all reach WCAG 2.1 AA (4.5:1).
 */
describe.each(demoBrands.map((b) => [b.id, b] as const))('brand %s colours', (_id, brand) => {
  const palette = brandPalette(brand.colorPrimary, brand.colorAccent);

  it('reads on white, under white text and on its own light tint', () => {
    for (const color of [palette.primary, palette.accent]) {
      expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(minimumContrast);
      expect(contrastRatio(color, tint(color, lightVariantTint))).toBeGreaterThanOrEqual(
        minimumContrast,
      );
    }
  });

  it('keeps secondary text and errors readable on white and on the brand tint', () => {
    for (const color of [palette.dimmed, palette.error]) {
      expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(minimumContrast);
      expect(contrastRatio(color, tint(palette.primary, lightVariantTint))).toBeGreaterThanOrEqual(
        minimumContrast,
      );
    }
  });
});

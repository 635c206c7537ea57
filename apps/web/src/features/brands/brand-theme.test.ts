import { contrastRatio, minimumContrast, tint } from '@apothecall/domain/brands/brand-colors.rules';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { brandTheme, readableVariantColors } from './brand-theme';

const theme = mergeMantineTheme(
  DEFAULT_THEME,
  brandTheme('#0b7285', null, { passwordVisibility: 'Show', close: 'Close' }),
);

describe('readable variant colours (issue 13: axe color-contrast on badges)', () => {
  for (const color of ['green', 'blue', 'gray', 'yellow', 'orange', 'teal', 'brand', 'red']) {
    it(`${color}: text in the colour reads on white and on its light tint; white reads on it filled`, () => {
      const light = readableVariantColors({ color, theme, variant: 'light' });
      const outline = readableVariantColors({ color, theme, variant: 'outline' });
      const filled = readableVariantColors({ color, theme, variant: 'filled' });
      const shade6 = theme.colors[color]?.[6] as string;
      expect(contrastRatio(light.color, '#ffffff')).toBeGreaterThanOrEqual(minimumContrast);
      expect(contrastRatio(light.color, tint(shade6, 0.9))).toBeGreaterThanOrEqual(minimumContrast);
      expect(contrastRatio(outline.color, '#ffffff')).toBeGreaterThanOrEqual(minimumContrast);
      expect(contrastRatio('#ffffff', filled.background)).toBeGreaterThanOrEqual(minimumContrast);
    });
  }

  it('darkens only the colours that do not read', () => {
    const blue = readableVariantColors({ color: 'blue', theme, variant: 'filled' });
    expect(blue.background).not.toBe(theme.colors.blue[6]);
    const dark = readableVariantColors({ color: 'dark', theme, variant: 'light' });
    expect(dark.color).toBe(theme.colors.dark[6]);
  });
});

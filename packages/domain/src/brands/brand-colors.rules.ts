/**
 * Colours people can read (WCAG 2.1 AA): every text colour the app paints on white or
 * on a light tint of a brand colour reaches 4.5:1. A brand's own colour is kept when it already
 * reads (as text on white, and under white text on a filled button); otherwise the same hue is
 * darkened just enough. Colours are #rrggbb.
 */

/** WCAG's minimum for normal text. */
export const minimumContrast = 4.5;
/** What brand colours reach on white (white text on a filled button reads the same). */
export const brandTextContrast = 4.5;

/** Secondary text (descriptions, hints, the footer): 5.8:1 on white, 5.2:1 on light tints. */
export const dimmedText = '#5f666d';
/** Error text and outlines: 5.5:1 on white. */
export const errorText = '#c92a2a';

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` mixed with white by `amount` (0 = itself, 1 = white): the light tints of a colour. */
export function tint(hex: string, amount: number): string {
  const [r, g, b] = channels(hex);
  return toHex([r + (255 - r) * amount, g + (255 - g) * amount, b + (255 - b) * amount]);
}

/** Mantine's "light" variant: the colour at 10% over white, with text in the colour on it. */
export const lightVariantTint = 0.9;

function reads(color: string, min: number): boolean {
  return (
    contrastRatio(color, '#ffffff') >= min &&
    contrastRatio(color, tint(color, lightVariantTint)) >= minimumContrast
  );
}

/**
 * The colour itself when it reaches `min` against white and AA on its own light tint, else the
 * same hue darkened just enough.
 */
export function readableOnWhite(hex: string, min = brandTextContrast): string {
  const color = hex.toLowerCase();
  if (reads(color, min)) return color;
  const [r, g, b] = channels(color);
  for (let step = 1; step <= 100; step += 1) {
    const keep = 1 - step / 100;
    const darker = toHex([r * keep, g * keep, b * keep]);
    if (reads(darker, min)) return darker;
  }
  return '#000000';
}

export interface BrandPalette {
  /** Buttons, links, the active navigation item: the brand's primary colour, readable. */
  primary: string;
  /** The accent (badges, highlights), readable the same way. */
  accent: string;
  dimmed: string;
  error: string;
}

/** The colours the app paints a brand with, each readable on white and on its light tint. */
export function brandPalette(primary: string, accent: string | null): BrandPalette {
  return {
    primary: readableOnWhite(primary),
    accent: readableOnWhite(accent ?? primary),
    dimmed: dimmedText,
    error: errorText,
  };
}

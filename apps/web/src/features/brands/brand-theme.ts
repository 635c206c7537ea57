import {
  brandPalette,
  dimmedText,
  errorText,
  readableOnWhite,
} from '@apothecall/domain/brands/brand-colors.rules';
import type {
  CSSVariablesResolver,
  MantineColorsTuple,
  MantineThemeOverride,
  VariantColorsResolver,
} from '@mantine/core';
import {
  Badge,
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  Notification,
  PasswordInput,
  parseThemeColor,
  rem,
  v8CssVariablesResolver,
} from '@mantine/core';
import { useMemo } from 'react';
import { useT } from '../../lib/i18n';

/**
 * The Mantine theme of a brand: its primary colour as a 10-shade tuple (shade 6, the filled
 * shade, is the brand's colour, darkened when needed so text in it and white text on it reach
 * WCAG AA: domain brands/brand-colors.rules), its accent as a second palette, and a red whose
 * shade 6 reads on white.
 */
const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** The main brand's primary (#0b7285) until the white-label answers. */
export const defaultPrimary = '#0b7285';
/** The shade Mantine fills buttons with; the tuple puts the exact brand colour there. */
const baseShade = 6;

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(hex: string, target: number, amount: number): string {
  const [r, g, b] = parseHex(hex);
  return toHex([r + (target - r) * amount, g + (target - g) * amount, b + (target - b) * amount]);
}

/** Ten shades, lightest first: six tints towards white, the colour itself, three shades darker. */
export function colorTuple(hex: string): MantineColorsTuple {
  const tints = [0.92, 0.8, 0.64, 0.48, 0.32, 0.16].map((amount) => mix(hex, 255, amount));
  const shades = [0.14, 0.28, 0.42].map((amount) => mix(hex, 0, amount));
  return [...tints, hex.toLowerCase(), ...shades] as unknown as MantineColorsTuple;
}

/** Texts the theme gives Mantine's own controls, in the user's language. */
export interface ThemeLabels {
  /** The accessible name of every password field's show/hide button. */
  passwordVisibility: string;
  /** The accessible name of close buttons Mantine draws itself (a toast's ×). */
  close: string;
}

/** Mantine's green, readable (its shade 6, #40c057, is 2.2:1 on white): status texts and badges. */
const readableGreen = readableOnWhite(DEFAULT_THEME.colors.green[6]);

/**
 * Badges, alerts and buttons in any palette colour stay readable (axe color-contrast):
 * text in the colour (light, outline, subtle variants) and white text on it (filled) use the
 * colour's shade 6 darkened just enough for WCAG AA, as brand colours are.
 */
export const readableVariantColors: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor || !parsed.color) return base;
  const shade = input.theme.colors[parsed.color]?.[6];
  if (!shade?.startsWith('#')) return base;
  const readable = readableOnWhite(shade);
  switch (input.variant) {
    case 'filled':
      return { ...base, background: readable, hover: readable, color: '#ffffff' };
    case 'light':
    case 'outline':
    case 'subtle':
    case 'transparent':
      return {
        ...base,
        color: readable,
        hoverColor: readable,
        border: input.variant === 'outline' ? `1px solid ${readable}` : base.border,
      };
    default:
      return base;
  }
};

/**
 * The theme of a brand's colours, its labels in the page's language: what app.tsx gives
 * MantineProvider, and what the component tests give theirs so axe measures the same colours.
 */
export function useBrandTheme(primary: string, accent: string | null): MantineThemeOverride {
  const t = useT();
  const passwordVisibility = t('common.passwordVisibility');
  const close = t('common.close');
  return useMemo(
    () => brandTheme(primary, accent, { passwordVisibility, close }),
    [primary, accent, passwordVisibility, close],
  );
}

export function brandTheme(
  primary: string,
  accent: string | null,
  labels: ThemeLabels,
): MantineThemeOverride {
  const palette = brandPalette(primary, accent);
  return createTheme({
    colors: {
      brand: colorTuple(palette.primary),
      accent: colorTuple(palette.accent),
      red: colorTuple(palette.error),
      green: colorTuple(readableGreen),
    },
    variantColorResolver: readableVariantColors,
    primaryColor: 'brand',
    primaryShade: { light: baseShade, dark: baseShade },
    fontFamily,
    // Mantine 9 changed its defaults to radius md and medium weight 600; the product keeps the
    // look it was designed and reviewed with (radius sm, weight 500) until it is redesigned.
    defaultRadius: 'sm',
    fontWeights: { medium: '500' },
    // A person who asked their system for less motion gets dialogs, menus and toasts without
    // transitions (WCAG 2.3.3; Mantine ignores the setting by default). The e2e specs browse this
    // way too: no frame of a fade to measure or wait for.
    respectReducedMotion: true,
    components: {
      // Mantine 9 names the show/hide button in English only; ours follows the language.
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.passwordVisibility } },
      }),
      // No badge text under 12 px (Mantine's 9-11 px was too small on the dashboard's counts,
      // "Owner", "Yes"/"No", "Active"): the small sizes read at 12 px on a 20 px pill; lg and xl
      // keep theirs.
      Badge: Badge.extend({
        vars: (_theme, props) =>
          props.size === 'lg' || props.size === 'xl'
            ? { root: {} }
            : { root: { '--badge-fz': rem(12), '--badge-height': rem(20) } },
      }),
      // A toast's close button has no name of its own (axe: button-name, critical).
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': labels.close } },
      }),
    },
  });
}

/**
 * Mantine 9's v8 variables (the translucent light variant the screens were designed with), with
 * the secondary text grey and the error red replaced by colours that read on white (Mantine's
 * #868e96 and #fa5252 are 3.3:1; axe-core flagged them on every page).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const base = v8CssVariablesResolver(theme);
  return {
    ...base,
    light: {
      ...base.light,
      '--mantine-color-dimmed': dimmedText,
      '--mantine-color-error': errorText,
    },
  };
};

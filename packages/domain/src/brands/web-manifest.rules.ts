import { translate } from '../i18n/catalog';
import type { Lang } from '../i18n/i18n.rules';
import { type BrandIconName, brandIconHref, brandIcons } from './brand-icons.rules';

/**
 * The web app manifest of a brand, in a language (so a brand installs under its own name, not
 * as 'Apothecall', and `lang` is the reader's, not always 'en'). A brand on its own host has
 * the site's root as its id; a brand reached by company key on a shared host is an app of its
 * own (its id and start address carry the key, which the app reads at start).
 */
export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: Lang;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: 'any' | 'maskable' }[];
}

/** The manifest's icons: the brand's own (brand-icons.rules.ts), at its icon version. */
const manifestIcons: BrandIconName[] = ['icon192', 'icon512', 'maskable512'];

function iconsOf(brandId: string, version: string): WebManifest['icons'] {
  return manifestIcons.map((name) => {
    const { size, purpose } = brandIcons[name];
    return {
      src: brandIconHref(brandId, name, version),
      sizes: `${size}x${size}`,
      type: 'image/png',
      ...(purpose === 'maskable' ? { purpose: 'maskable' as const } : {}),
    };
  });
}

/** Launchers show about twelve characters under an icon. */
const shortNameLength = 12;

/**
 * The brand's colour is its theme colour and the splash screen's background (its icons are
 * drawn on the same colour).
 */
export function webManifest(
  brand: { id: string; name: string; colorPrimary: string; iconVersion: string },
  lang: Lang,
  company?: string,
): WebManifest {
  const start = company ? `/?company=${encodeURIComponent(company)}` : '/';
  const name = brand.name.trim() || 'Apothecall';
  return {
    id: start,
    name,
    short_name: name.length <= shortNameLength ? name : (name.split(/\s+/)[0] ?? name),
    description: translate(lang, 'brands.manifest.description'),
    lang,
    dir: 'ltr',
    start_url: start,
    scope: '/',
    display: 'standalone',
    background_color: brand.colorPrimary,
    theme_color: brand.colorPrimary,
    icons: iconsOf(brand.id, brand.iconVersion),
  };
}

import { translate } from '../i18n/catalog';
import type { Lang } from '../i18n/i18n.rules';

/**
 * The web app manifest of a brand, in a language (issue 13: every brand installed as an app
 * called 'Apothecall', and the manifest's `lang` was always 'en'). A brand on its own host has
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

/** The app icons (the product's; a brand's logo is a wordmark, not an icon). */
const icons: WebManifest['icons'] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** Launchers show about twelve characters under an icon. */
const shortNameLength = 12;

export function webManifest(
  brand: { name: string; colorPrimary: string },
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
    background_color: '#ffffff',
    theme_color: brand.colorPrimary,
    icons,
  };
}

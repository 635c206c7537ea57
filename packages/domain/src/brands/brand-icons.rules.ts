/**
 * A brand's icons.
 * The server draws them from the brand's logo and colour (or its initial when the logo cannot be
 * read) at `/brand-icons/{brandId}/{file}`; the manifest and the page's favicon links point there.
 * `v` is the brand's icon version (a hash of what the icons are drawn from): an address with the
 * current one may be cached for good, and a new logo, colour or name gives new addresses.
 */

/** What each icon is for: the manifest's, the favicons and the iOS home-screen icon. */
export type BrandIconPurpose = 'any' | 'maskable' | 'favicon' | 'apple-touch';

export interface BrandIcon {
  /** The file name in the address. */
  readonly file: string;
  /** Width and height in pixels (square). */
  readonly size: number;
  readonly purpose: BrandIconPurpose;
}

export const brandIcons = {
  favicon32: { file: 'favicon-32.png', size: 32, purpose: 'favicon' },
  favicon48: { file: 'favicon-48.png', size: 48, purpose: 'favicon' },
  appleTouch: { file: 'apple-touch-180.png', size: 180, purpose: 'apple-touch' },
  icon192: { file: 'icon-192.png', size: 192, purpose: 'any' },
  icon512: { file: 'icon-512.png', size: 512, purpose: 'any' },
  maskable512: { file: 'maskable-512.png', size: 512, purpose: 'maskable' },
} as const satisfies Record<string, BrandIcon>;

export type BrandIconName = keyof typeof brandIcons;

/** Every icon's file name, as the route's parameter accepts them. */
export const brandIconFiles = Object.values(brandIcons).map((icon) => icon.file) as [
  (typeof brandIcons)[BrandIconName]['file'],
  ...(typeof brandIcons)[BrandIconName]['file'][],
];

/** The icon a file name names, if any. */
export function brandIconByFile(file: string): BrandIcon | undefined {
  return Object.values(brandIcons).find((icon) => icon.file === file);
}

/** The address of one of a brand's icons, at its icon version. */
export function brandIconHref(brandId: string, name: BrandIconName, version: string): string {
  return `/brand-icons/${encodeURIComponent(brandId)}/${brandIcons[name].file}?v=${encodeURIComponent(version)}`;
}

/**
 * The letter a brand's drawn icon shows: the first letter or digit of its name, upper-cased
 * ('wellness Now' -> 'W', '24h Care' -> '2'); none for a name without one.
 */
export function brandInitial(name: string): string | undefined {
  const first = /[\p{L}\p{N}]/u.exec(name.normalize('NFC'))?.[0];
  if (!first) return undefined;
  const upper = first.toLocaleUpperCase('en');
  // 'ß' upper-cases to 'SS': one letter is drawn.
  return String.fromCodePoint(upper.codePointAt(0) ?? first.codePointAt(0) ?? 0);
}

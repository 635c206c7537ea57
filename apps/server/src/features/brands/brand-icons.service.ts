import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { contrastRatio } from '@apothecall/domain/brands/brand-colors.rules';
import { type BrandIcon, brandInitial } from '@apothecall/domain/brands/brand-icons.rules';
import sharp from 'sharp';
import { fontOf } from '../../platform/pdf-fonts';

/**
 * A brand's icons (domain brands/brand-icons.rules.ts): PNGs drawn with
 * sharp from the brand's logo, contained on a square of the brand's colour, or, when the logo
 * cannot be read, the brand's initial on its colour. The letter is a glyph outline of Noto Sans
 * Bold (the PDFs' font, platform/pdf-fonts.ts) written into the SVG as a path, so it looks the
 * same on every machine, the container's too, which has no system fonts for librsvg's text.
 *
 * Each icon is drawn once per brand, file and icon version and kept in memory: the version is a
 * hash of everything the drawing reads (the renderer's own version, the brand's colour, initial,
 * logo address and logo bytes), so a changed brand gets new icons and a new version.
 */

/** What an icon is drawn from. */
export interface IconBrand {
  id: string;
  name: string;
  colorPrimary: string;
  logo: string | null;
}

export interface RenderedIcon {
  png: Buffer;
  /** A strong ETag: a hash of the PNG's bytes. */
  etag: string;
  /** The brand's icon version it was drawn at. */
  version: string;
}

/** What an icon is drawn from, read: the logo's bytes when they could be read. */
export interface IconSource {
  icon: BrandIcon;
  colorPrimary: string;
  initial: string | undefined;
  logo: Buffer | undefined;
}

export interface BrandIconsService {
  /** The brand's icon version (16 hex digits): it changes whenever its icons would. */
  version(brand: IconBrand): Promise<string>;
  /** One of the brand's icons, drawn on first use and then kept. */
  icon(brand: IconBrand, icon: BrandIcon): Promise<RenderedIcon>;
}

/** Bump when the drawing changes: every brand's icons get new addresses. */
const rendererVersion = '1';
/** A logo larger than this is not drawn from (the initial is). */
export const maxLogoBytes = 2 * 1024 * 1024;
/** A maskable icon keeps its logo in the middle 56%: inside the 80% circle launchers keep. */
const maskableLogoShare = 0.56;
const lightMark = '#ffffff';
const darkMark = '#1a1b1e';

function sha256(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

function rgb(hex: string): { r: number; g: number; b: number } {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

/**
 * White on the brand's colour when it stands out by 3:1 (WCAG's contrast for graphics, which a
 * brand colour that carries white button text reaches), else near-black (a light brand colour).
 */
export function markColor(background: string): string {
  return contrastRatio(lightMark, background) >= 3 ? lightMark : darkMark;
}

/** The outline of a letter as SVG path data, centred in a square of `size`, or none. */
function letterPath(letter: string, size: number, share: number): string | undefined {
  const codePoint = letter.codePointAt(0);
  if (codePoint === undefined) return undefined;
  for (const face of ['bold', 'cjkBold'] as const) {
    const { font } = fontOf(face);
    if (!font.hasGlyphForCodePoint(codePoint)) continue;
    const glyph = font.glyphForCodePoint(codePoint);
    const { minX, minY, maxX, maxY } = glyph.bbox;
    const width = maxX - minX;
    const height = maxY - minY;
    if (width <= 0 || height <= 0) continue;
    // Capital letters all stand as tall (the cap height); a wide or tall glyph is made to fit.
    const box = size * share;
    const scale = Math.min(box / (font.capHeight || height), (box * 1.25) / width, box / height);
    const x = size / 2 - (scale * (minX + maxX)) / 2;
    const y = size / 2 + (scale * (minY + maxY)) / 2;
    // Font units go up; the SVG's go down.
    return `<path transform="translate(${x.toFixed(3)} ${y.toFixed(3)}) scale(${scale.toFixed(6)} ${(-scale).toFixed(6)})" d="${glyph.path.toSVG()}"/>`;
  }
  return undefined;
}

/** The initial on the brand's colour, or a plain ring when the name has no drawable letter. */
export function drawnIconSvg(source: Omit<IconSource, 'logo'>): string {
  const { size, purpose } = source.icon;
  const background = source.colorPrimary;
  const share = purpose === 'maskable' ? 0.4 : 0.56;
  const mark = markColor(background);
  const letter = source.initial ? letterPath(source.initial, size, share) : undefined;
  const shape =
    letter ??
    `<circle cx="${size / 2}" cy="${size / 2}" r="${(size * share * 0.4).toFixed(3)}" fill="none" stroke-width="${(size * share * 0.16).toFixed(3)}" stroke="${mark}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${background}"/><g fill="${mark}">${shape}</g></svg>`;
}

/** The logo, contained in the middle of a square of the brand's colour; throws if unreadable. */
async function logoIcon(logo: Buffer, icon: BrandIcon, background: string): Promise<Buffer> {
  const inner = Math.round(icon.size * (icon.purpose === 'maskable' ? maskableLogoShare : 1));
  const meta = await sharp(logo).metadata();
  const longest = Math.max(meta.width ?? 0, meta.height ?? 0);
  if (longest <= 0) throw new Error('the logo has no size');
  // A vector logo is drawn at the icon's size rather than enlarged from its nominal one.
  const density =
    meta.format === 'svg' ? Math.min(100_000, Math.max(1, (72 * inner) / longest)) : undefined;
  const contained = await sharp(logo, density ? { density } : {})
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({
    create: { width: icon.size, height: icon.size, channels: 3, background: rgb(background) },
  })
    .composite([{ input: contained, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/**
 * Draws one icon: from the logo when there is one and it can be read, else from the initial.
 * Opaque either way (iOS fills a transparent home-screen icon with black).
 */
export async function renderIcon(
  source: IconSource,
  onLogoError: (error: unknown) => void = () => undefined,
): Promise<Buffer> {
  if (source.logo) {
    try {
      return await logoIcon(source.logo, source.icon, source.colorPrimary);
    } catch (error) {
      onLogoError(error);
    }
  }
  return sharp(Buffer.from(drawnIconSvg(source)))
    .flatten({ background: rgb(source.colorPrimary) })
    .png()
    .toBuffer();
}

export function createBrandIconsService(deps: {
  /** The logo's bytes at its address, or none (not ours to read, missing, too large). */
  readLogo: (logo: string) => Promise<Buffer | undefined>;
  /** Told when a logo could not be drawn from (the initial is drawn instead). */
  onLogoError?: (error: unknown) => void;
  /** The drawing (a test counts its calls). */
  render?: typeof renderIcon;
}): BrandIconsService {
  const render = deps.render ?? renderIcon;
  // Both maps are bounded by the brands there are: a logo address, and a brand's file, each keep
  // their latest entry only.
  const logos = new Map<string, Promise<{ bytes: Buffer | undefined; hash: string }>>();
  const drawn = new Map<string, { version: string; icon: Promise<RenderedIcon> }>();

  function logoOf(address: string | null) {
    const logo = address?.trim();
    if (!logo) return Promise.resolve({ bytes: undefined, hash: 'none' });
    let found = logos.get(logo);
    if (!found) {
      found = deps
        .readLogo(logo)
        .catch(() => undefined)
        .then((bytes) => ({ bytes, hash: bytes ? sha256(bytes) : 'unreadable' }));
      logos.set(logo, found);
    }
    return found;
  }

  async function sourceOf(brand: IconBrand) {
    const logo = await logoOf(brand.logo);
    const initial = brandInitial(brand.name);
    const version = sha256(
      rendererVersion,
      brand.colorPrimary.toLowerCase(),
      initial ?? '',
      brand.logo ?? '',
      logo.hash,
    ).slice(0, 16);
    return { logo: logo.bytes, initial, version };
  }

  return {
    async version(brand) {
      return (await sourceOf(brand)).version;
    },
    async icon(brand, icon) {
      const { logo, initial, version } = await sourceOf(brand);
      const key = `${brand.id}/${icon.file}`;
      const kept = drawn.get(key);
      if (kept?.version === version) return kept.icon;
      const rendering = render(
        { icon, colorPrimary: brand.colorPrimary, initial, logo },
        deps.onLogoError,
      ).then((png) => ({ png, etag: `"${sha256(png).slice(0, 32)}"`, version }));
      drawn.set(key, { version, icon: rendering });
      // A failed drawing is not kept: the next request tries again.
      rendering.catch(() => {
        if (drawn.get(key)?.icon === rendering) drawn.delete(key);
      });
      return rendering;
    },
  };
}

/**
 * A logo's bytes when it is a file of the web build this server serves (the seeded brands'
 * `/brand/{id}.svg`); none for a logo elsewhere (the server fetches nothing a brand names),
 * outside the build, missing or larger than maxLogoBytes.
 */
export async function logoFromWebBuild(
  webDist: string | undefined,
  logo: string,
): Promise<Buffer | undefined> {
  if (!webDist || !logo.startsWith('/') || logo.startsWith('//')) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(logo, 'http://build.invalid').pathname);
  } catch {
    return undefined;
  }
  const root = path.resolve(webDist);
  const file = path.resolve(root, `.${pathname}`);
  if (!file.startsWith(`${root}${path.sep}`)) return undefined;
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size > maxLogoBytes) return undefined;
    return await readFile(file);
  } catch {
    return undefined;
  }
}

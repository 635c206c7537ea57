import { type BrandIconName, brandIconHref } from '@apothecall/domain/brands/brand-icons.rules';
import { serverUrl } from '../../lib/server-origin';

/**
 * The page's own branding: its title, the browser's theme colour and the
 * favicon and home-screen icon links follow the brand once it is known. index.html carries the
 * house brand's (the title 'Apothecall', teal, the product's icons) until then, and for good
 * when no brand answers. The icons are the server's, drawn for the brand (GET /brand-icons/...).
 */
export interface DocumentBrand {
  id: string;
  name: string;
  colorPrimary: string;
  iconVersion: string;
}

/** The favicons a brand's page links, smallest first. */
const favicons: readonly { name: BrandIconName; sizes: string }[] = [
  { name: 'favicon32', sizes: '32x32' },
  { name: 'favicon48', sizes: '48x48' },
];

function linkIn(doc: Document, rel: string): HTMLLinkElement {
  const found = doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (found) return found;
  const link = doc.createElement('link');
  link.rel = rel;
  doc.head.append(link);
  return link;
}

/** Puts the brand's name, colour and icons on the page. */
export function applyBrandToDocument(doc: Document, brand: DocumentBrand): void {
  // The screens set no titles of their own: the page is called after the brand.
  doc.title = brand.name;
  const themeColor =
    doc.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]') ??
    doc.head.appendChild(Object.assign(doc.createElement('meta'), { name: 'theme-color' }));
  themeColor.content = brand.colorPrimary;

  const href = (name: BrandIconName) => serverUrl(brandIconHref(brand.id, name, brand.iconVersion));
  // The house favicon (an SVG) goes: a browser would prefer it to the brand's PNGs.
  for (const link of doc.head.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')) {
    link.remove();
  }
  for (const { name, sizes } of favicons) {
    const link = doc.createElement('link');
    link.rel = 'icon';
    link.type = 'image/png';
    link.setAttribute('sizes', sizes);
    link.href = href(name);
    doc.head.append(link);
  }
  linkIn(doc, 'apple-touch-icon').href = href('appleTouch');
}

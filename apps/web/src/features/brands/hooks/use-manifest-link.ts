import { useEffect } from 'react';
import { storedCompany, useBrandState } from '../../../lib/brand-store';
import { useLang } from '../../../lib/i18n';

/**
 * Points the page's manifest link at the brand's manifest in the page's language:
 * the server answers `/manifest.webmanifest` for the host's brand; a brand reached by company
 * key, or a language other than the browser's, is named in the link's query.
 */
export function useManifestLink(): void {
  const { loaded, id } = useBrandState();
  const lang = useLang();
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const query = new URLSearchParams();
    const company = loaded ? storedCompany() : null;
    if (company && company.toLowerCase() === id.toLowerCase()) query.set('company', company);
    query.set('lang', lang);
    link.href = `/manifest.webmanifest?${query.toString()}`;
    document.documentElement.lang = lang;
  }, [loaded, id, lang]);
}

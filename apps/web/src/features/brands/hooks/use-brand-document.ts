import { useEffect } from 'react';
import { useBrandState } from '../../../lib/brand-store';
import { applyBrandToDocument } from '../brand-document';

/**
 * Gives the page the brand's title, theme colour, favicon and home-screen icon once the brand
 * is known (brand-document.ts); index.html's house brand stays until then.
 */
export function useBrandDocument(): void {
  const { whiteLabel, name, iconVersion } = useBrandState();
  const id = whiteLabel?.id;
  const colorPrimary = whiteLabel?.colorPrimary;
  useEffect(() => {
    if (!id || !colorPrimary || name === null || iconVersion === null) return;
    applyBrandToDocument(document, { id, name, colorPrimary, iconVersion });
  }, [id, name, colorPrimary, iconVersion]);
}

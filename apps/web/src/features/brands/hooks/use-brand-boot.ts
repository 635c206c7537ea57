import { useEffect } from 'react';
import { bootFromEntryLink } from '../load-brand';

let booted = false;

/** Reads the entry link and loads the white-label once per page load (see load-brand.ts). */
export function useBrandBoot(): void {
  useEffect(() => {
    if (booted) return;
    booted = true;
    void bootFromEntryLink(window.location);
  }, []);
}

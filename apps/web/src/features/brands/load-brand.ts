import { parseEntryLink, parseQueryString } from '@apothecall/domain/navigation/entry-links.rules';
import type { QueryLike } from '@apothecall/domain/navigation/routes';
import {
  forgetCompany,
  markBrandFailed,
  rememberCompany,
  rememberEntryReferral,
  setBrand,
  storedCompany,
} from '../../lib/brand-store';
import { getWhiteLabel } from './api/get-white-label';

/**
 * Loads the white-label: the company key when one is given (remembered for the tab's session),
 * otherwise 'auto' (the server resolves the host name: exact host, first-label alias, then the
 * main brand). An unknown company falls back to 'auto'. Answers whether the named company
 * was the brand applied.
 */
export async function loadBrand(company?: string | null): Promise<boolean> {
  const key = company?.trim();
  if (key) {
    try {
      const response = await getWhiteLabel(key);
      rememberCompany(key);
      setBrand(response);
      return true;
    } catch {
      forgetCompany();
    }
  }
  try {
    setBrand(await getWhiteLabel('auto'));
  } catch {
    markBrandFailed();
  }
  return false;
}

/** The query of the page's address and of its hash route, the address winning on repeats. */
function entryQuery(location: Location): QueryLike {
  const page = parseQueryString(location.search);
  const hash = location.hash;
  const q = hash.indexOf('?');
  const route = parseQueryString(q < 0 ? '' : hash.slice(q + 1));
  return { get: (name) => page.get(name) ?? route.get(name) };
}

/** Routes whose `id` query is their own (a meet link, a certificate), not a referral code. */
const idIsNotReferral: readonly string[] = ['/meet', '/test'];

/**
 * Reads the entry link (spec section 2) once at boot: `id` (with `itemId`) is the referral code
 * kept for register and login, `company` names the white-label; `to` is the login screen's.
 * Then loads the brand: the named company, else the one remembered for this tab, else 'auto'.
 */
export function bootFromEntryLink(location: Location): Promise<boolean> {
  const intent = parseEntryLink({ kind: 'web', query: entryQuery(location) });
  // On /meet, `id` is the one-time video link, and on /test a certificate's verification id,
  // not a referral code: never keep or send them.
  const routePath = location.hash.replace(/^#/, '').split('?')[0] ?? '';
  if (intent.referralCode && !idIsNotReferral.includes(routePath)) {
    rememberEntryReferral({
      code: intent.referralCode,
      ...(intent.itemId ? { itemId: intent.itemId } : {}),
    });
  }
  return loadBrand(intent.company ?? storedCompany());
}

import { normalizeToken, validateToken } from '@apothecall/domain/prepay/access-token.rules';
import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import { useSyncExternalStore } from 'react';

/**
 * The prepay code (access token or program code) the patient holds in this tab:
 * set by the redemption link (/redeem/{code}) or an applied code at checkout, with the offer
 * the server last answered for it. The Rx catalogue, pharmacy step and payment step read it;
 * the route guard treats a held code as a prepay price (no appointments). Kept in
 * sessionStorage under the app prefix, so a logout forgets it.
 *
 * The shell's guard reads this store, so it carries no prepay contract: the offer is kept as
 * stored, and `lib/prepay-offer.ts` (features only) reads it with the domain's schema.
 */
const storageKey = 'apothecall.prepay.code';

export interface HeldPrepayCode {
  /** A well-formed token, trimmed and in capitals. */
  readonly code: string;
  /** The offer last checked for it, as stored (prepay-offer.ts parses it), or null. */
  readonly offer: unknown;
}

const listeners = new Set<() => void>();
let current: HeldPrepayCode | null = read();

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(): HeldPrepayCode | null {
  try {
    const raw = storage()?.getItem(storageKey);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { code, offer } = parsed as { code?: unknown; offer?: unknown };
    if (typeof code !== 'string' || !validateToken(code).ok) return null;
    return { code, offer: offer ?? null };
  } catch {
    return null;
  }
}

function write(value: HeldPrepayCode | null): void {
  current = value;
  try {
    if (value) storage()?.setItem(storageKey, JSON.stringify(value));
    else storage()?.removeItem(storageKey);
  } catch {
    // Storage unavailable (private mode): the code lives in memory for this page.
  }
  for (const listener of listeners) listener();
}

/** The held code, or null (none, or the session storage was cleared by a logout). */
export function getHeldPrepayCode(): HeldPrepayCode | null {
  // A logout clears the storage behind this module's back: trust the storage when it exists.
  const store = storage();
  if (current && store && !store.getItem(storageKey)) current = null;
  return current;
}

/**
 * Holds a code (as typed: trimmed, in capitals) with the offer checked for it, or null when it
 * was not checked yet. A code that is not a well-formed token is not held: returns false.
 * Holding the same code again without an offer keeps the offer already known.
 */
export function holdPrepayCode(code: string, offer: PrepayOffer | null = null): boolean {
  const normalized = normalizeToken(code);
  if (!validateToken(normalized).ok) return false;
  const known = getHeldPrepayCode();
  const kept = offer ?? (known?.code === normalized ? known.offer : null);
  if (known?.code === normalized && known.offer === kept) return true;
  write({ code: normalized, offer: kept });
  return true;
}

/** Forgets the held code (removed by the patient, refused, or spent on a paid visit). */
export function clearHeldPrepayCode(): void {
  if (getHeldPrepayCode() === null) return;
  write(null);
}

/** Forgets the held code only when it is this one (a refusal of an older code changes nothing). */
export function clearHeldPrepayCodeIf(code: string): void {
  if (getHeldPrepayCode()?.code === normalizeToken(code)) write(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHeldPrepayCode(): HeldPrepayCode | null {
  return useSyncExternalStore(subscribe, getHeldPrepayCode, getHeldPrepayCode);
}

import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/**
 * The visit price this tab will pay with: the last applied coupon or referral price, or the
 * default one. Kept in sessionStorage (the key has the app prefix, so logout forgets it). The
 * price token is signed and short-lived; the server answers PRICE_TOKEN_STALE with a fresh
 * default price when it has expired.
 */
const storageKey = 'apothecall.payments.price';

const storedPriceSchema = z.object({
  price: z.number().int().nonnegative(),
  priceToken: z.string().min(1),
  source: z.enum(['default', 'coupon', 'referral']),
  code: z.string().nullable(),
});
export type StoredPrice = z.infer<typeof storedPriceSchema>;
export type PriceSource = StoredPrice['source'];

const listeners = new Set<() => void>();
let current: StoredPrice | null = read();

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(): StoredPrice | null {
  try {
    const raw = storage()?.getItem(storageKey);
    if (!raw) return null;
    const parsed = storedPriceSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

/** The stored price, or null when none was chosen (or the session storage was cleared). */
export function getStoredPrice(): StoredPrice | null {
  // A logout clears the storage behind this module's back: trust the storage.
  if (current && !storage()?.getItem(storageKey)) current = null;
  return current;
}

export function setStoredPrice(price: StoredPrice): void {
  current = price;
  try {
    storage()?.setItem(storageKey, JSON.stringify(price));
  } catch {
    // Storage unavailable (private mode): the price lives in memory for this page.
  }
  emit();
}

export function clearStoredPrice(): void {
  current = null;
  try {
    storage()?.removeItem(storageKey);
  } catch {
    // Nothing stored.
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStoredPrice(): StoredPrice | null {
  return useSyncExternalStore(subscribe, getStoredPrice, getStoredPrice);
}

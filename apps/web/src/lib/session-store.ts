import type { SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in session on this device: the opaque token and the profile it came with, kept in
 * localStorage so an installed app stays signed in until the server ends the session.
 */
export interface StoredSession {
  token: string;
  profile: SessionProfile;
}

const storageKey = 'apothecall.session';
const listeners = new Set<() => void>();
let current: StoredSession | null = read();

function read(): StoredSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): StoredSession | null {
  return current;
}

export function setSession(session: StoredSession): void {
  current = session;
  localStorage.setItem(storageKey, JSON.stringify(session));
  emit();
}

export function updateProfile(profile: SessionProfile): void {
  if (!current) return;
  setSession({ ...current, profile });
}

/** Forgets the session on this device (logout, or the server said it ended). */
export function clearSession(): void {
  current = null;
  localStorage.removeItem(storageKey);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

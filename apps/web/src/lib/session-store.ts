import type { FamilyMember, SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in session on this device: the opaque token, the profile it came with and the
 * family member the profile switcher chose (spec section 6: the holder switches the current
 * profile among their users), kept in localStorage so an installed app stays signed in until
 * the server ends the session.
 */
export interface StoredSession {
  token: string;
  profile: SessionProfile;
  /** The person the app acts for; absent or unknown means the holder (users[0]). */
  currentPersonId?: string;
}

/** Every key this app writes starts with this prefix, in both storages. */
export const appStoragePrefix = 'apothecall.';
const storageKey = `${appStoragePrefix}session`;
/**
 * Notifications on or off on this device (spec section 4: stored locally). A device's
 * choice: after the next login the browser's push subscription is sent again to that account.
 */
export const notificationsPreferenceKey = `${appStoragePrefix}notifications`;
/**
 * Device preferences that outlive a session: the language the person chose, the brand the
 * entry link named for this tab (a logout must not switch the page's language or brand),
 * notifications on or off, and the login ids that declined biometric login on this device.
 */
const keptOnLogout = new Set([
  `${appStoragePrefix}lang`,
  `${appStoragePrefix}brand.company`,
  notificationsPreferenceKey,
  // The native app's 'Not now' to biometric login, per login id.
  `${appStoragePrefix}biometric.declined`,
]);

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

/**
 * Another tab logged in or out: follow it, so this tab never shows one person's data under
 * another's session.
 */
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key !== storageKey && event.key !== null) return;
  current = read();
  emit();
});

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

/** A fresh profile from the server; the chosen person is kept while they are still listed. */
export function updateProfile(profile: SessionProfile): void {
  if (!current) return;
  setSession({ ...current, profile });
}

/** The family member the app acts for: the chosen one, else the holder (users[0]). */
export function currentPerson(session: StoredSession): FamilyMember {
  const { users } = session.profile;
  const chosen = users.find((user) => user.id === session.currentPersonId);
  // users has at least one member (the schema says so): the holder.
  return chosen ?? (users[0] as FamilyMember);
}

/** The profile switcher's choice; an id that is not in the family falls back to the holder. */
export function setCurrentPerson(personId: string): void {
  if (!current) return;
  setSession({ ...current, currentPersonId: personId });
}

function removeAppKeys(storage: Storage | undefined): void {
  if (!storage) return;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(appStoragePrefix) && !keptOnLogout.has(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/**
 * Forgets the session on this device (logout, or the server said it ended): the token, the
 * profile, the chosen person and every other app key of both storages (referral codes, cached
 * choices), except the language and brand preferences above. The query cache is cleared by the
 * caller that holds it (useLogout).
 */
/** Forgets the session only if it is still the one with this token (a 401 for an old token). */
export function clearSessionIfToken(token: string): void {
  if (current?.token === token) clearSession();
}

export function clearSession(): void {
  current = null;
  try {
    removeAppKeys(globalThis.localStorage);
    removeAppKeys(globalThis.sessionStorage);
  } catch {
    // Storage can be unavailable (private mode); the in-memory session is gone regardless.
  }
  emit();
}

/** Calls the listener whenever the session changes (login, logout, other tab). */
export function subscribeSession(listener: () => void): () => void {
  return subscribe(listener);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** The current person of the signed-in session, or null when signed out. */
export function useCurrentPerson(): FamilyMember | null {
  const session = useSession();
  return session ? currentPerson(session) : null;
}

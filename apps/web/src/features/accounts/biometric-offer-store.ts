import { appStoragePrefix } from '../../lib/session-store';

/**
 * The biometric offer's two marks: a password login in the native app asks for the
 * offer (this tab's session, cleared with the session), and 'Not now' is remembered on this
 * device per login id (kept across logouts, see session-store's keptOnLogout).
 */
const offerKey = `${appStoragePrefix}biometric.offer`;
export const biometricDeclinedKey = `${appStoragePrefix}biometric.declined`;

/** A password login of this login id just succeeded in the native app. */
export function askBiometricOffer(loginId: string): void {
  try {
    sessionStorage.setItem(offerKey, loginId);
  } catch {
    // No storage: no offer this time.
  }
}

/** The login id an offer was asked for, if one waits. */
export function pendingBiometricOffer(): string | null {
  try {
    return sessionStorage.getItem(offerKey);
  } catch {
    return null;
  }
}

/** The offer was answered (or closed): not shown again for this login. */
export function endBiometricOffer(): void {
  try {
    sessionStorage.removeItem(offerKey);
  } catch {
    // Nothing to clear.
  }
}

function declined(): string[] {
  try {
    const raw = localStorage.getItem(biometricDeclinedKey);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function biometricOfferDeclined(loginId: string | null): boolean {
  return loginId !== null && declined().includes(loginId);
}

export function declineBiometricOffer(loginId: string): void {
  try {
    localStorage.setItem(biometricDeclinedKey, JSON.stringify([...declined(), loginId].slice(-10)));
  } catch {
    // No storage: asked again next time.
  }
}

/** Turning it on from the profile clears an earlier 'Not now'. */
export function clearBiometricDecline(loginId: string): void {
  try {
    localStorage.setItem(
      biometricDeclinedKey,
      JSON.stringify(declined().filter((id) => id !== loginId)),
    );
  } catch {
    // Nothing to clear.
  }
}

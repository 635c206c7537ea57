import type { KeychainAccess } from '@aparajita/capacitor-secure-storage';
import { biometricMethodOf } from '@apothecall/domain/session/platform.rules';
import type { SessionMessageKey } from '@apothecall/domain/session/session.messages';
import {
  type BiometricMethod,
  biometricFailureOutcome,
} from '@apothecall/domain/session/session.rules';
import { ApiError } from '../api-client';
import type { NativePlugins } from './plugins';

/**
 * Biometric login in the native apps (spec sections 4 and 8). After a password login
 * the app may keep a device credential (`authId`, from POST /account/auth-id) in the platform's
 * secure storage (the iOS Keychain, the Android Keystore); a biometric check opens it and
 * POST /account/authIdToken logs in with it. The saved credential outlives logouts (it is what
 * the next login uses) and is deleted when the server says it no longer logs anyone in.
 */

/** The secure-storage key of this device's credential. */
export const credentialKey = 'apothecall.biometric';

/**
 * iOS Keychain accessibility of the saved credential: readable only while the phone is unlocked,
 * and never carried to another phone by an iCloud or computer backup (a health app).
 * The plugin's KeychainAccess.whenUnlockedThisDeviceOnly, by number, so the plugin itself stays
 * in its own chunk. Android's Keystore keys never leave the device.
 */
const thisDeviceOnly = 1 as KeychainAccess.whenUnlockedThisDeviceOnly;

/** Saves the credential on this device only: not synchronised to iCloud, not in backups. */
async function saveCredential(
  plugins: Pick<NativePlugins, 'storage'>,
  saved: SavedCredential,
): Promise<void> {
  await plugins.storage.set(credentialKey, { ...saved }, false, false, thisDeviceOnly);
}

export interface SavedCredential {
  readonly authId: string;
  /** Whose it is (shown on the login screen's button; not a secret). */
  readonly loginId: string;
  readonly method: BiometricMethod;
}

/** BiometryType's values (the plugin's enum), by number. */
const biometryNames = [
  'none',
  'touchId',
  'faceId',
  'fingerprintAuthentication',
  'faceAuthentication',
  'irisAuthentication',
];

/** The biometrics this device offers now (enrolled and allowed), or null. */
export async function availableMethod(
  plugins: Pick<NativePlugins, 'biometrics'>,
): Promise<BiometricMethod | null> {
  try {
    const check = await plugins.biometrics.checkBiometry();
    if (!check.isAvailable) return null;
    return biometricMethodOf(biometryNames[check.biometryType] ?? 'none');
  } catch {
    return null;
  }
}

function isSaved(value: unknown): value is SavedCredential {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.authId === 'string' &&
    typeof v.loginId === 'string' &&
    (v.method === 'touchId' || v.method === 'faceId' || v.method === 'biometricId')
  );
}

/** This device's saved credential, or null. */
export async function savedCredential(
  plugins: Pick<NativePlugins, 'storage'>,
): Promise<SavedCredential | null> {
  try {
    const value = await plugins.storage.get(credentialKey);
    return isSaved(value) ? value : null;
  } catch {
    return null;
  }
}

export async function forgetCredential(plugins: Pick<NativePlugins, 'storage'>): Promise<void> {
  await plugins.storage.remove(credentialKey).catch(() => false);
}

/** A biometric login that did not log in, with the spec's message to show (unless cancelled). */
export class BiometricLoginError extends Error {
  override readonly name = 'BiometricLoginError';
  constructor(
    readonly messageKey: SessionMessageKey,
    readonly methodKey: SessionMessageKey,
    /** The person closed the biometric prompt: nothing to show. */
    readonly cancelled: boolean,
    /** The server refused the credential, and it was deleted from this device. */
    readonly credentialDeleted: boolean,
  ) {
    super('biometric login failed');
  }
}

function failure(method: BiometricMethod, unauthorized: boolean, cancelled = false) {
  const outcome = biometricFailureOutcome({ method, unauthorized });
  return new BiometricLoginError(
    outcome.messageKey,
    outcome.methodKey,
    cancelled,
    outcome.deleteSavedCredentials,
  );
}

const cancelCodes = new Set(['userCancel', 'appCancel', 'systemCancel']);

/**
 * Turns biometric login on after a password login: the person proves it is them with the
 * device's biometrics, the server issues the credential (`enrol`), and it is saved.
 */
export async function turnOnBiometricLogin(
  plugins: Pick<NativePlugins, 'biometrics' | 'storage'>,
  input: { loginId: string; reason: string; enrol: () => Promise<string> },
): Promise<BiometricMethod> {
  const method = await availableMethod(plugins);
  if (!method) throw failure('biometricId', false);
  try {
    await plugins.biometrics.authenticate({ reason: input.reason, allowDeviceCredential: false });
  } catch (error) {
    throw failure(method, false, cancelCodes.has((error as { code?: string }).code ?? ''));
  }
  const authId = await input.enrol();
  const saved: SavedCredential = { authId, loginId: input.loginId, method };
  await saveCredential(plugins, saved);
  return method;
}

/** Turns it off here: the server forgets the credential (`revoke`), then this device does. */
export async function turnOffBiometricLogin(
  plugins: Pick<NativePlugins, 'storage'>,
  revoke: (authId: string) => Promise<void>,
): Promise<void> {
  const saved = await savedCredential(plugins);
  if (!saved) return;
  // Already gone on the server (404) or unreachable: this device forgets it all the same.
  await revoke(saved.authId).catch(() => undefined);
  await forgetCredential(plugins);
}

/**
 * Logs in with biometrics: the check, then the saved credential sent with `login`. A failure
 * throws BiometricLoginError with '{method} login failed.'; when the server answers that the
 * credential logs nobody in (401), it is deleted from this device (spec section 4).
 */
export async function logInWithBiometrics<T>(
  plugins: Pick<NativePlugins, 'biometrics' | 'storage'>,
  input: { reason: string; login: (authId: string) => Promise<T> },
): Promise<T> {
  const saved = await savedCredential(plugins);
  if (!saved) throw failure('biometricId', false);
  try {
    await plugins.biometrics.authenticate({ reason: input.reason, allowDeviceCredential: false });
  } catch (error) {
    throw failure(saved.method, false, cancelCodes.has((error as { code?: string }).code ?? ''));
  }
  try {
    const answer = await input.login(saved.authId);
    // A credential saved by an older version with the default accessibility (backed up) is
    // saved again, this device only; a failure here does not undo the login.
    await saveCredential(plugins, saved).catch(() => undefined);
    return answer;
  } catch (error) {
    const unauthorized = error instanceof ApiError && error.status === 401;
    const outcome = failure(saved.method, unauthorized);
    if (outcome.credentialDeleted) await forgetCredential(plugins);
    throw outcome;
  }
}

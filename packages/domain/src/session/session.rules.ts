import type { SessionMessageKey } from './session.messages';

/**
 * Session rules (spec section 4, "Session" and "Auto-logout"). Times are epoch milliseconds and
 * every function takes `now`.
 */

/** Idle auto-logout (spec section 9): 900000 ms (15 min) without activity logs the user out. */
export const defaultIdleLogoutMs = 900_000;
/** Auto log-off minutes after the app returns from the background (configuration default). */
export const defaultAutoLogoffMinutes = 30;

/**
 * "A visit is in progress when more than one active visit exists." Implemented literally: one
 * active visit does NOT count as a visit in progress (the spec says so; it may be an off-by-one
 * in the original product, see docs/rules.md).
 */
export function isVisitInProgress(activeVisitCount: number): boolean {
  return activeVisitCount > 1;
}

/** The user has been idle for the idle limit (15 minutes) or longer. */
export function isIdleTimeout(
  lastActivityAt: number,
  now: number,
  idleLimitMs: number = defaultIdleLogoutMs,
): boolean {
  return now - lastActivityAt >= idleLimitMs;
}

/**
 * Returning to the foreground logs out when the app was away for MORE than the configured
 * auto-logoff minutes, the user is logged in, auto-logoff is on and no visit is in progress.
 */
export function isForegroundTimeout(input: {
  readonly backgroundedAt: number;
  readonly now: number;
  readonly loggedIn: boolean;
  readonly autoLogoffEnabled: boolean;
  readonly activeVisitCount: number;
  readonly autoLogoffMinutes?: number;
}): boolean {
  const minutes = input.autoLogoffMinutes ?? defaultAutoLogoffMinutes;
  return (
    input.loggedIn &&
    input.autoLogoffEnabled &&
    !isVisitInProgress(input.activeVisitCount) &&
    input.now - input.backgroundedAt > minutes * 60_000
  );
}

export type AutoLogoutDecision =
  | { readonly logout: false }
  | {
      readonly logout: true;
      readonly reason: 'idle' | 'foreground';
      readonly messageKey: SessionMessageKey;
    };

/**
 * The two auto-logout triggers of the spec. The idle rule applies to a logged-in user
 * (there is nothing to log out otherwise); the spec attaches the auto-logoff switch and the
 * visit-in-progress exception to the foreground rule only, so the idle rule does not check them.
 */
export function autoLogoutDecision(input: {
  readonly now: number;
  readonly loggedIn: boolean;
  readonly lastActivityAt: number;
  readonly idleLimitMs?: number;
  /** Set when the app has just returned to the foreground. */
  readonly foreground?: {
    readonly backgroundedAt: number;
    readonly autoLogoffEnabled: boolean;
    readonly activeVisitCount: number;
    readonly autoLogoffMinutes?: number;
  };
}): AutoLogoutDecision {
  if (!input.loggedIn) return { logout: false };
  if (
    input.foreground &&
    isForegroundTimeout({ ...input.foreground, now: input.now, loggedIn: input.loggedIn })
  ) {
    return { logout: true, reason: 'foreground', messageKey: 'session.autoLogout' };
  }
  if (isIdleTimeout(input.lastActivityAt, input.now, input.idleLimitMs)) {
    return { logout: true, reason: 'idle', messageKey: 'session.autoLogout' };
  }
  return { logout: false };
}

/**
 * When the app is logged out and foregrounded in standalone mode (an installed web app, not
 * the native wrapper), it checks the latest version.
 */
export function shouldCheckVersionOnForeground(input: {
  readonly standalone: boolean;
  readonly native: boolean;
  readonly loggedIn: boolean;
}): boolean {
  return input.standalone && !input.native && !input.loggedIn;
}

/** Reload when the latest version is known and differs from the running one. */
export function shouldReloadForVersion(
  currentVersion: string,
  latestVersion: string | null | undefined,
): boolean {
  return Boolean(latestVersion) && latestVersion?.trim() !== currentVersion.trim();
}

// ---- Biometric login ----

export const biometricMethods = ['touchId', 'faceId', 'biometricId'] as const;
export type BiometricMethod = (typeof biometricMethods)[number];

export function biometricMethodKey(method: BiometricMethod): SessionMessageKey {
  return `session.biometric.${method}`;
}

/**
 * A biometric login failure sets the error '{method} login failed.'; when the server said the
 * login is not authorised, the saved biometric credentials are deleted too.
 */
export function biometricFailureOutcome(input: {
  readonly method: BiometricMethod;
  readonly unauthorized: boolean;
}): {
  readonly messageKey: SessionMessageKey;
  readonly methodKey: SessionMessageKey;
  readonly deleteSavedCredentials: boolean;
} {
  return {
    messageKey: 'session.biometricFailed',
    methodKey: biometricMethodKey(input.method),
    deleteSavedCredentials: input.unauthorized,
  };
}

// ---- Login ----

/** What a login loads (spec section 4, login steps and the full / brief variants). */
export type LoginLoad =
  | 'rxVisits'
  | 'conversation'
  | 'balance'
  | 'prepayPricing'
  | 'socket'
  | 'familyDocumentsOfMonth'
  | 'pharmacyUpload'
  | 'pharmacyEmails'
  | 'cards'
  | 'scheduledAppointments'
  | 'availability'
  | 'version';

/**
 * The loads after the common login steps (clear state, authenticate, load profile, credentials
 * and states, restore active visits): a full login loads Rx visits, conversation, balance and
 * prepay pricing and opens the socket; a brief (asynchronous) login loads the month's family
 * documents, plus the pharmacy upload for in-store or pharmacist-consult links; pharmacy
 * organisations also load e-mails; then cards, appointments, availability and version.
 */
export function loginLoads(input: {
  readonly asyncLogin: boolean;
  readonly inStoreOrPharmacistLink?: boolean;
  readonly pharmacyOrganisation?: boolean;
}): LoginLoad[] {
  const loads: LoginLoad[] = input.asyncLogin
    ? [
        'familyDocumentsOfMonth',
        ...(input.inStoreOrPharmacistLink ? (['pharmacyUpload'] as const) : []),
      ]
    : ['rxVisits', 'conversation', 'balance', 'prepayPricing', 'socket'];
  if (input.pharmacyOrganisation) loads.push('pharmacyEmails');
  loads.push('cards', 'scheduledAppointments', 'availability', 'version');
  return loads;
}

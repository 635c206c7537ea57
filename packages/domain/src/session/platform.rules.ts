import type { Platform } from '../accounts/accounts.schemas';

/**
 * The platform the app reports at login (spec section 7 and 8: "web app (ios, android, mac and
 * win variants), cordova iOS, cordova Android"). The native apps say which one they are; a
 * browser is told apart by its user agent. iPadOS Safari calls itself a Mac, and only a touch
 * screen gives it away.
 */
export function reportedPlatform(input: {
  /** Capacitor's platform inside the native apps ('ios', 'android'); null in a browser. */
  readonly nativePlatform: string | null;
  readonly userAgent: string;
  readonly maxTouchPoints?: number;
}): Platform {
  if (input.nativePlatform === 'ios') return 'cordova-ios';
  if (input.nativePlatform === 'android') return 'cordova-android';
  const ua = input.userAgent;
  if (/android/i.test(ua)) return 'web-android';
  if (/iphone|ipad|ipod/i.test(ua)) return 'web-ios';
  if (/macintosh|mac os x/i.test(ua)) {
    return (input.maxTouchPoints ?? 0) > 1 ? 'web-ios' : 'web-mac';
  }
  if (/windows/i.test(ua)) return 'web-win';
  return 'web';
}

/** The biometric method the device offers, named as the spec's message names it. */
export function biometricMethodOf(biometryType: string): 'touchId' | 'faceId' | 'biometricId' {
  if (biometryType === 'touchId') return 'touchId';
  if (biometryType === 'faceId') return 'faceId';
  return 'biometricId';
}

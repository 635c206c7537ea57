import type { Platform } from '@apothecall/domain/accounts/accounts.schemas';
import { reportedPlatform } from '@apothecall/domain/session/platform.rules';

/**
 * Where this page runs: a browser, or the native apps' web view. Capacitor's native
 * runtime puts `window.Capacitor` in place before the page's scripts run, so the shell can tell
 * without importing @capacitor/core: the plugins (lib/native/bridge.ts) are a chunk of their own
 * that a browser never fetches.
 */
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

/** 'ios' or 'android' inside the native apps; null in a browser (an installed PWA included). */
export function nativePlatform(scope: typeof globalThis = globalThis): 'ios' | 'android' | null {
  const capacitor = (scope as { Capacitor?: CapacitorGlobal }).Capacitor;
  if (!capacitor?.isNativePlatform?.()) return null;
  const platform = capacitor.getPlatform?.();
  return platform === 'ios' || platform === 'android' ? platform : null;
}

export function isNative(scope: typeof globalThis = globalThis): boolean {
  return nativePlatform(scope) !== null;
}

/** The platform reported to the server at login (spec section 7). */
export function appPlatform(scope: typeof globalThis = globalThis): Platform {
  return reportedPlatform({
    nativePlatform: nativePlatform(scope),
    userAgent: scope.navigator?.userAgent ?? '',
    maxTouchPoints: scope.navigator?.maxTouchPoints ?? 0,
  });
}

import { parseEntryLink } from '@apothecall/domain/navigation/entry-links.rules';
import { rememberEntryReferral } from '../brand-store';
import { followNativeAppState, nativeAppStateChanged } from '../foreground';
import type { NativePlugins } from './plugins';

/**
 * The native apps' events, wired once at start: the app's state (foreground or
 * background, lib/foreground.ts), deep links (the URL the app was opened with, or one opened
 * while it runs) and taps on push notices. Only inside the native apps (main.tsx).
 */

/**
 * A deep link (spec section 2): deepLinked with id sets the referral code; logIn with id sets
 * it and goes to /login. Anything else is ignored.
 */
export function handleNativeLink(url: string, navigate: (path: string) => void): void {
  const intent = parseEntryLink({ kind: 'native', url });
  if (intent.referralCode) {
    rememberEntryReferral({
      code: intent.referralCode,
      ...(intent.itemId ? { itemId: intent.itemId } : {}),
    });
  }
  if (intent.navigateTo) navigate(intent.navigateTo);
}

/** The in-app route of a notice's `url` ('/#/waiting' -> '/waiting'); null if none or foreign. */
export function noticeRoute(data: unknown): string | null {
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || !url.startsWith('/#/')) return null;
  return url.slice(2);
}

/** Starts listening; answers a function that stops. */
export async function startNativeBridge(
  plugins: Pick<NativePlugins, 'app' | 'push'>,
  navigate: (path: string) => void,
): Promise<() => Promise<void>> {
  followNativeAppState();
  // One after another: Capacitor's plugin proxy loads a web implementation on first use, and two
  // first calls at once can each load one, leaving the listener of the first on an instance
  // nobody uses (seen in the browser tests: one of two listeners went missing).
  const handles = [
    await plugins.app.addListener('appStateChange', ({ isActive }) =>
      nativeAppStateChanged(isActive),
    ),
    await plugins.app.addListener('appUrlOpen', ({ url }) => handleNativeLink(url, navigate)),
    await plugins.push.addListener('pushNotificationActionPerformed', ({ notification }) => {
      const route = noticeRoute(notification.data);
      if (route) navigate(route);
    }),
  ];
  // The link the app was opened with, when it was not running.
  const launch = await plugins.app.getLaunchUrl().catch(() => undefined);
  if (launch?.url) handleNativeLink(launch.url, navigate);
  return async () => {
    await Promise.all(handles.map((h) => h.remove()));
  };
}

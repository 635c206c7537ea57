import { shouldCheckVersionOnForeground } from '@apothecall/domain/session/session.rules';
import { useEffect } from 'react';
import { onAppStateChange } from '../../../lib/foreground';
import { isNative } from '../../../lib/native/runtime';
import { retrying } from '../../../lib/retrying';
import { useSession } from '../../../lib/session-store';
import { applyUpdate, checkVersion, isNewer } from '../version-store';

/** An installed app, opened from the home screen (not a browser tab). */
function standalone(): boolean {
  return (
    (globalThis.matchMedia?.('(display-mode: standalone)').matches ?? false) ||
    // iOS Safari's home-screen apps say so here.
    (globalThis.navigator as { standalone?: boolean } | undefined)?.standalone === true
  );
}

/**
 * How long to wait before asking again after an ask that failed (offline, or the server away:
 * a phone back in the foreground often has no network for its first seconds, and a deployment
 * restarts the server). Then the next start, login or foregrounding asks.
 */
export const versionRetryDelaysMs: readonly number[] = [2_000, 5_000, 15_000, 30_000];

/**
 * Asks for the latest version when the app starts, when someone logs in, and when the app
 * comes back to the foreground (spec: "After login ... the app loads the version"), again a
 * few times when an ask fails (versionRetryDelaysMs). A newer version is offered in the shell
 * (UpdateBanner, /update). Logged out in an installed web app (standalone, not native) it is
 * loaded at once on return to the foreground, as the spec asks (shouldCheckVersionOnForeground):
 * nothing is lost by reloading a logged-out app. The native apps carry their web build inside
 * (a new one comes with the app's update), so they ask nothing; nor does the dev server, which
 * has no build version to compare with.
 */
export function useVersionCheck(): void {
  const signedIn = Boolean(useSession());
  useEffect(() => {
    if (import.meta.env.DEV || isNative()) return;
    const onLatest = (latest: string) => {
      const reload = shouldCheckVersionOnForeground({
        standalone: standalone(),
        native: false,
        loggedIn: signedIn,
      });
      if (reload && isNewer(latest)) void applyUpdate();
    };
    let cancel = retrying(checkVersion, versionRetryDelaysMs, onLatest);
    const stopListening = onAppStateChange((active) => {
      // In the background nothing is asked; the return to the foreground asks afresh.
      cancel();
      if (active) cancel = retrying(checkVersion, versionRetryDelaysMs, onLatest);
    });
    return () => {
      cancel();
      stopListening();
    };
  }, [signedIn]);
}

import { useEffect } from 'react';
import { useSession } from '../../../lib/session-store';
import { applyUpdate, checkVersion, isNewer } from '../version-store';

/** An installed app, opened from the home screen (not a browser tab). */
function standalone(): boolean {
  return globalThis.matchMedia?.('(display-mode: standalone)').matches ?? false;
}

/**
 * Asks for the latest version when the app starts, when someone logs in, and when the app
 * comes back to the foreground (spec: "After login ... the app loads the version"). A newer
 * version is offered in the shell (UpdateBanner, /update). Logged out in an installed app it
 * is loaded at once, as the spec asks: nothing is lost by reloading a logged-out app. The dev
 * server has no build version to compare with, so it asks nothing.
 */
export function useVersionCheck(): void {
  const signedIn = Boolean(useSession());
  useEffect(() => {
    if (import.meta.env.DEV) return;
    const check = () => {
      void checkVersion()
        .then((latest) => {
          if (!signedIn && standalone() && isNewer(latest)) void applyUpdate();
        })
        // Offline or the server away: the next foregrounding asks again.
        .catch(() => undefined);
    };
    check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [signedIn]);
}

import {
  type AutoLogoutDecision,
  autoLogoutDecision,
} from '@apothecall/domain/session/session.rules';
import { useEffect, useRef } from 'react';
import { useBrandState } from '../../../lib/brand-store';
import { onAppStateChange } from '../../../lib/foreground';
import { useSession } from '../../../lib/session-store';
import { activeVisitCount, inCall } from '../../../lib/visit-presence';
import { useLogout } from './use-logout';
import { useSettings } from './use-settings';

/** What counts as the person using the app (spec section 4: idle means none of these). */
const activityEvents = [
  'pointerdown',
  'pointermove',
  'keydown',
  'touchstart',
  'wheel',
  'scroll',
] as const;

/**
 * Auto-logout (spec section 4), decided by the domain's autoLogoutDecision:
 * - idle (no pointer, key, touch or scroll) for the brand's `client.idleLogoutMs`
 *   (server-configured; 900000 by default);
 * - back in the foreground after more than `client.autoLogoffMinutes` away, with auto-logoff
 *   on in the settings and no visit in progress (the page's visibility in a browser, the app's
 *   state in the native apps: lib/foreground.ts).
 * An open video call counts as activity (lib/visit-presence.ts).
 * Either way the session ends on the server, all client state is cleared, 'Auto logout' is
 * shown and the login screen follows.
 */
export function useAutoLogout(): void {
  const session = useSession();
  const token = session?.token ?? null;
  const { client } = useBrandState();
  const settings = useSettings();
  const logout = useLogout();
  const autoLogoffEnabled = settings.data?.autoLogoff ?? true;

  const lastActivityAt = useRef(Date.now());
  const backgroundedAt = useRef<number | null>(null);
  const loggingOut = useRef(false);

  // A new session starts with fresh activity.
  useEffect(() => {
    if (!token) return;
    lastActivityAt.current = Date.now();
    backgroundedAt.current = null;
    loggingOut.current = false;
  }, [token]);

  useEffect(() => {
    if (!token) return;
    const idleLimitMs = client.idleLogoutMs;
    const act = (decision: AutoLogoutDecision) => {
      if (!decision.logout || loggingOut.current) return;
      loggingOut.current = true;
      void logout('/login', { messageKey: decision.messageKey });
    };
    const onActivity = () => {
      lastActivityAt.current = Date.now();
    };
    const check = () => {
      // A patient or provider in a video call is using the app even without touching it.
      if (inCall()) lastActivityAt.current = Date.now();
      act(
        autoLogoutDecision({
          now: Date.now(),
          loggedIn: true,
          lastActivityAt: lastActivityAt.current,
          idleLimitMs,
        }),
      );
    };
    const onForeground = (active: boolean) => {
      if (!active) {
        backgroundedAt.current = Date.now();
        return;
      }
      const since = backgroundedAt.current;
      backgroundedAt.current = null;
      act(
        autoLogoutDecision({
          now: Date.now(),
          loggedIn: true,
          lastActivityAt: lastActivityAt.current,
          idleLimitMs,
          ...(since === null
            ? {}
            : {
                foreground: {
                  backgroundedAt: since,
                  autoLogoffEnabled,
                  activeVisitCount: activeVisitCount(),
                  autoLogoffMinutes: client.autoLogoffMinutes,
                },
              }),
        }),
      );
    };
    for (const name of activityEvents) {
      window.addEventListener(name, onActivity, { capture: true, passive: true });
    }
    const stopForeground = onAppStateChange(onForeground);
    const timer = window.setInterval(check, Math.max(250, Math.min(1000, idleLimitMs / 4)));
    return () => {
      for (const name of activityEvents) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
      stopForeground();
      window.clearInterval(timer);
    };
  }, [token, client.idleLogoutMs, client.autoLogoffMinutes, autoLogoffEnabled, logout]);
}

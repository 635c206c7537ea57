import { useSession } from '../../../lib/session-store';
import { useAccountSettings } from '../api/get-settings';

/** The account's settings (notifications, language, two-factor, auto-logoff) while signed in. */
export function useSettings() {
  const session = useSession();
  return useAccountSettings(session?.token);
}

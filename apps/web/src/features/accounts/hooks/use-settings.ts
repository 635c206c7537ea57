import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session-store';
import { getSettings, settingsQueryKey } from '../api/get-settings';

/** The account's settings (notifications, language, two-factor, auto-logoff) while signed in. */
export function useSettings() {
  const session = useSession();
  return useQuery({
    queryKey: [...settingsQueryKey, session?.token ?? 'signed-out'],
    queryFn: getSettings,
    enabled: Boolean(session),
    staleTime: 5 * 60_000,
  });
}

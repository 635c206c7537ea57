import { useQuery } from '@tanstack/react-query';
import { updateProfile, useSession } from '../../../lib/session-store';
import { getProfile, profileQueryKey } from '../api/get-profile';

/**
 * Asks the server whether the stored session still holds: at start-up, when the window gets
 * focus again, and every minute. If the server ended it (idle, logout elsewhere, password
 * change), the api client forgets it and the route guard shows the login screen.
 */
export function useSessionCheck(): void {
  const session = useSession();
  useQuery({
    queryKey: [...profileQueryKey, session?.token ? 'signed-in' : 'signed-out'],
    enabled: Boolean(session),
    queryFn: async () => {
      const { profile } = await getProfile();
      updateProfile(profile);
      return profile;
    },
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchInterval: 60_000,
  });
}

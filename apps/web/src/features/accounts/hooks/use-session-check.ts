import { updateProfile, useSession } from '../../../lib/session-store';
import { useProfileCheck } from '../api/get-profile';

/**
 * Asks the server whether the stored session still holds: at start-up, when the window gets
 * focus again, and every minute. If the server ended it (idle, logout elsewhere, password
 * change), the api client forgets it and the route guard shows the login screen.
 */
export function useSessionCheck(): void {
  const session = useSession();
  useProfileCheck(session?.token, updateProfile);
}

import {
  type ProfileResponse,
  profileResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { updateProfile } from '../../../lib/session-store';

export const profileQueryKey = ['account', 'profile'] as const;

export function getProfile(): Promise<ProfileResponse> {
  return apiCall('/account/profile', { schema: profileResponseSchema });
}

/**
 * The signed-in profile, asked again at start-up, when the window gets focus and every minute
 * while `token` is there; each answer becomes the stored session's profile (`onProfile`).
 */
export function useProfileCheck(
  token: string | undefined,
  onProfile: (profile: ProfileResponse['profile']) => void,
) {
  return useQuery({
    queryKey: [...profileQueryKey, token ? 'signed-in' : 'signed-out'],
    enabled: Boolean(token),
    queryFn: async () => {
      const { profile } = await getProfile();
      onProfile(profile);
      return profile;
    },
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchInterval: 60_000,
  });
}

/**
 * Reads the profile again into the stored session (the switcher lists the family and its names
 * from it). A failure is left alone: the session check refreshes it within a minute.
 */
export async function refreshSessionProfile(): Promise<void> {
  try {
    updateProfile((await getProfile()).profile);
  } catch {
    // The session check refreshes it within a minute.
  }
}

import { settingsResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import type { AccountSettings } from '@apothecall/domain/accounts/accounts.schemas';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

export const settingsQueryKey = ['profile', 'settings'] as const;

/** GET /profile/settings: notifications, language, two-factor and auto-logoff. */
export async function getSettings(): Promise<AccountSettings> {
  const { settings } = await apiCall('/profile/settings', { schema: settingsResponseSchema });
  return settings;
}

/** The account's settings under the session's token (`undefined`: signed out, not asked). */
export function useAccountSettings(token: string | undefined) {
  return useCallQuery([...settingsQueryKey, token ?? 'signed-out'], getSettings, {
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

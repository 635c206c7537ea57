import { settingsResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import type { AccountSettings } from '@apothecall/domain/accounts/accounts.schemas';
import { apiCall } from '../../../lib/api-client';

export const settingsQueryKey = ['profile', 'settings'] as const;

/** GET /profile/settings: notifications, language, two-factor and auto-logoff. */
export async function getSettings(): Promise<AccountSettings> {
  const { settings } = await apiCall('/profile/settings', { schema: settingsResponseSchema });
  return settings;
}

import {
  type profileSettingsRequestSchema,
  settingsResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { AccountSettings } from '@apothecall/domain/accounts/accounts.schemas';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type SetSettingsRequest = z.input<typeof profileSettingsRequestSchema>;

/** POST /profile/settings { ptId?, settings: { ...some } }: answers the settings now in force. */
export async function setSettings(body: SetSettingsRequest): Promise<AccountSettings> {
  const { settings } = await apiCall('/profile/settings', {
    method: 'POST',
    body,
    schema: settingsResponseSchema,
  });
  return settings;
}

import {
  type profileSettingsRequestSchema,
  settingsResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { AccountSettings } from '@apothecall/domain/accounts/accounts.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { settingsQueryKey } from './get-settings';

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

/** Saves settings; the settings the server answers with are every cached copy at once. */
export function useSetSettings(options?: MutationCallbacks<AccountSettings, SetSettingsRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: setSettings,
    onSuccess: (saved, request, onMutateResult, context) => {
      queryClient.setQueriesData<AccountSettings>({ queryKey: settingsQueryKey }, () => saved);
      return options?.onSuccess?.(saved, request, onMutateResult, context);
    },
  });
}

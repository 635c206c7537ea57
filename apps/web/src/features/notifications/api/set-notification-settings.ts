import {
  type NotificationSettings,
  notificationSettingsRequestSchema,
  notificationSettingsResponseSchema,
} from '@apothecall/domain/notifications/notifications.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { notificationSettingsQueryKey } from './get-notification-settings';

/** POST /notifications/settings: the account's on/off (off sends nothing to any device). */
export function setNotificationSettings(enabled: boolean): Promise<NotificationSettings> {
  return apiCall('/notifications/settings', {
    method: 'POST',
    body: notificationSettingsRequestSchema.parse({ enabled }),
    schema: notificationSettingsResponseSchema,
  });
}

/**
 * Turning notifications on or off on this device: `change` is the device's steps (its push
 * subscription, then the account's on/off: web-push.ts, native-push.ts); the settings it ends
 * with (`settingsOf`, none when it stopped early) become the account's cached settings before
 * the screen's own `onSuccess` runs.
 */
export function useNotificationSettingsChange<TResult, TVariables>(
  change: (variables: TVariables) => Promise<TResult>,
  settingsOf: (result: TResult) => NotificationSettings | undefined,
  options?: MutationCallbacks<TResult, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: change,
    onSuccess: (result, variables, onMutateResult, context) => {
      const settings = settingsOf(result);
      if (settings) queryClient.setQueryData(notificationSettingsQueryKey, settings);
      return options?.onSuccess?.(result, variables, onMutateResult, context);
    },
  });
}

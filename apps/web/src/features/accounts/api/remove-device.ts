import { okResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useRefetchDevices } from './get-devices';

/** DELETE /account/devices/:id: that device's biometric credential stops logging in. */
export async function removeDevice(id: string): Promise<void> {
  await apiCall(`/account/devices/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: okResponseSchema,
  });
}

/**
 * Removes a device (by id). The screen's own `onSuccess` runs first; the mutation then waits
 * until the devices were asked again, so it stays pending until the list is fresh.
 */
export function useRemoveDevice(options?: MutationCallbacks<void, string>) {
  const refetchDevices = useRefetchDevices();
  return useMutation({
    ...options,
    mutationFn: removeDevice,
    onSuccess: async (result, id, onMutateResult, context) => {
      await options?.onSuccess?.(result, id, onMutateResult, context);
      await refetchDevices();
    },
  });
}

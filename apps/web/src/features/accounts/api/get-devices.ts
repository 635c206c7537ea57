import {
  type DeviceCredential,
  deviceCredentialsResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import { useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery, useRefresh } from '../../../lib/call-hooks';

export const devicesQueryKey = ['account', 'devices'] as const;

/** GET /account/devices: the devices that can log in with biometrics, newest first. */
export async function getDevices(): Promise<DeviceCredential[]> {
  const { devices } = await apiCall('/account/devices', {
    schema: deviceCredentialsResponseSchema,
  });
  return devices;
}

/** The devices that may log in to the account without its password. */
export function useDevices(options?: QueryOptions<DeviceCredential[]>) {
  return useCallQuery(devicesQueryKey, getDevices, options);
}

/** Marks the devices stale (biometric login turned on or off here). */
export function useRefreshDevices() {
  return useRefresh(devicesQueryKey);
}

/** Asks for the devices again and waits for the answer. */
export function useRefetchDevices(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: devicesQueryKey });
}

import {
  type DeviceCredential,
  deviceCredentialsResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import { apiCall } from '../../../lib/api-client';

export const devicesQueryKey = ['account', 'devices'] as const;

/** GET /account/devices: the devices that can log in with biometrics, newest first. */
export async function getDevices(): Promise<DeviceCredential[]> {
  const { devices } = await apiCall('/account/devices', {
    schema: deviceCredentialsResponseSchema,
  });
  return devices;
}

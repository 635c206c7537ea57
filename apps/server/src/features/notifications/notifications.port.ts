import type { DeviceListing } from './device-listing.repo';

/** What other areas may ask of notifications: an account's push devices (no token, no keys). */
export interface NotificationsPort {
  devicesOf(accountId: string): Promise<DeviceListing[]>;
}

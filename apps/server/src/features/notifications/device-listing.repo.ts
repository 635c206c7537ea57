import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushDevices } from '../../db/schema/notifications';
import type { DeviceListing } from './notifications.port';

/** The account's push devices, newest first. */
export function createDeviceListingRepo(db: Db) {
  return {
    async devicesOf(accountId: string): Promise<DeviceListing[]> {
      return db
        .select({
          channel: pushDevices.channel,
          createdAt: pushDevices.createdAt,
          lastSentAt: pushDevices.lastSentAt,
        })
        .from(pushDevices)
        .where(eq(pushDevices.accountId, accountId))
        .orderBy(desc(pushDevices.createdAt))
        .limit(50);
    },
  };
}

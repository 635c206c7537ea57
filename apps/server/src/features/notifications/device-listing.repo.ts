import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushDevices } from '../../db/schema/notifications';

/** A push device as the back office lists it (issue 35): never its token or keys. */
export interface DeviceListing {
  /** web | apns | fcm */
  channel: string;
  createdAt: Date;
  lastSentAt: Date | null;
}

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

import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushDevices } from '../../db/schema/notifications';

export type PushDeviceRecord = typeof pushDevices.$inferSelect;
export type PushChannel = 'web' | 'apns' | 'fcm';

export interface NotificationsRepo {
  /** Registers a device for the account; a token another account held moves to this one. */
  upsertDevice(input: {
    accountId: string;
    channel: PushChannel;
    token: string;
    sessionId: string | null;
    p256dh?: string | null;
    auth?: string | null;
  }): Promise<void>;
  removeDevice(accountId: string, channel: PushChannel, token: string): Promise<void>;
  devicesOf(accountId: string): Promise<PushDeviceRecord[]>;
  /** Forgets the devices a session registered (it ended). */
  removeForSession(sessionId: string): Promise<void>;
  /** Forgets an account's devices, but those of one session (every session was revoked). */
  removeForAccount(accountId: string, exceptSessionId?: string): Promise<void>;
  device(id: string): Promise<PushDeviceRecord | undefined>;
  deleteDevice(id: string): Promise<void>;
  markSent(id: string, at: Date): Promise<void>;
  markFailure(id: string): Promise<void>;
}

export function createNotificationsRepo(db: Db): NotificationsRepo {
  return {
    async upsertDevice(input) {
      const values = {
        accountId: input.accountId,
        channel: input.channel,
        token: input.token,
        sessionId: input.sessionId,
        p256dh: input.p256dh ?? null,
        auth: input.auth ?? null,
      };
      await db
        .insert(pushDevices)
        .values(values)
        .onConflictDoUpdate({
          target: [pushDevices.channel, pushDevices.token],
          set: {
            accountId: values.accountId,
            sessionId: values.sessionId,
            p256dh: values.p256dh,
            auth: values.auth,
            failures: 0,
          },
        });
    },
    async removeDevice(accountId, channel, token) {
      await db
        .delete(pushDevices)
        .where(
          and(
            eq(pushDevices.accountId, accountId),
            eq(pushDevices.channel, channel),
            eq(pushDevices.token, token),
          ),
        );
    },
    async devicesOf(accountId) {
      return db.select().from(pushDevices).where(eq(pushDevices.accountId, accountId));
    },
    async removeForSession(sessionId) {
      await db.delete(pushDevices).where(eq(pushDevices.sessionId, sessionId));
    },
    async removeForAccount(accountId, exceptSessionId) {
      await db
        .delete(pushDevices)
        .where(
          and(
            eq(pushDevices.accountId, accountId),
            exceptSessionId
              ? or(isNull(pushDevices.sessionId), ne(pushDevices.sessionId, exceptSessionId))
              : undefined,
          ),
        );
    },
    async device(id) {
      const [row] = await db.select().from(pushDevices).where(eq(pushDevices.id, id)).limit(1);
      return row;
    },
    async deleteDevice(id) {
      await db.delete(pushDevices).where(eq(pushDevices.id, id));
    },
    async markSent(id, at) {
      await db
        .update(pushDevices)
        .set({ lastSentAt: at, failures: 0 })
        .where(eq(pushDevices.id, id));
    },
    async markFailure(id) {
      await db
        .update(pushDevices)
        .set({ failures: sql`${pushDevices.failures} + 1` })
        .where(eq(pushDevices.id, id));
    },
  };
}

import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The devices an account receives pushes on: a browser's Web Push subscription (endpoint and
 * keys) or a native app's token (APNs, FCM). One row per channel and token; a token registered
 * by another account moves to the new one (a shared device).
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** web | apns | fcm */
    channel: text('channel').notNull(),
    /** The web subscription's endpoint, or the native token. */
    token: text('token').notNull(),
    /**
     * The login session that registered it: the device stops receiving when that session ends
     * (logout, expiry, a password change), and the next login registers it again.
     */
    sessionId: uuid('session_id'),
    p256dh: text('p256dh'),
    auth: text('auth'),
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_devices_channel_token_key').on(t.channel, t.token),
    index('push_devices_account_idx').on(t.accountId),
    index('push_devices_session_idx').on(t.sessionId),
  ],
);

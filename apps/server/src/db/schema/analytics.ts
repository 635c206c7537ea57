import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Pharmacy staff's logins (owner: the analytics area): each login and each failed
 * login of a known staff account, as the accounts area tells it (`accounts.loginAttempted`).
 * Written once per attempt, read by organisation and time. The address is stored truncated
 * (IPv4 /24, IPv6 /48); the whole address is in the audit log only. Never a password.
 */
export const loginEvents = pgTable(
  'login_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The pharmacy organisation the account belonged to when it tried. */
    organizationId: text('organization_id').notNull(),
    role: text('role').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** success or failure. */
    outcome: text('outcome').notNull(),
    /** Why it failed (bad-password, disabled, password-expired, bad-tfa-code, rate-limited). */
    reason: text('reason'),
    platform: text('platform'),
    ipPrefix: text('ip_prefix'),
  },
  (t) => [
    index('login_events_org_at_idx').on(t.organizationId, t.at),
    index('login_events_account_at_idx').on(t.accountId, t.at),
  ],
);

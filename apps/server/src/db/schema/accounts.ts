import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brands';

/** A login: one per adult account holder or staff member. Holds no clinical data. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    /** Lower-cased e-mail or user id. */
    loginId: text('login_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    organizationType: text('organization_type'),
    /** Company key the credentials come from (spec: credentials.from). */
    organizationId: text('organization_id'),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_login_id_key').on(t.loginId)],
);

/**
 * People: the account holder (relation 'self', index 0 of the family) and their dependents.
 * This table is PHI: every read or change goes through a service that writes an audit row.
 */
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    relation: text('relation').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    gender: text('gender').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('1'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('persons_account_id_idx').on(t.accountId)],
);

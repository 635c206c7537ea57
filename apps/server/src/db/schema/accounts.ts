import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    disabledReason: text('disabled_reason'),
    twoFactor: text('two_factor').notNull().default('off'),
    notifications: boolean('notifications').notNull().default(true),
    language: text('language').notNull().default('en'),
    autoLogoff: boolean('auto_logoff').notNull().default(true),
    /** The referral code used at registration, when it was a known one. */
    referredBy: text('referred_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_login_id_key').on(t.loginId),
    index('accounts_organization_idx').on(t.organizationId),
  ],
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
    consultLocation: text('consult_location'),
    consultLocationAt: timestamp('consult_location_at', { withTimezone: true }),
    validAsyncState: boolean('valid_async_state').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('persons_account_id_idx').on(t.accountId)],
);

/**
 * One-time codes: password reset links and two-factor login codes, and the reusable ones keyed
 * by purpose (a known device's token, a device's biometric credential). Only hashes are stored.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    channel: text('channel'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A reusable code's last use (a device's biometric credential: its last login). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    // Not unique: six-digit codes repeat across accounts; look-ups also match the account.
    index('one_time_codes_hash_idx').on(t.purpose, t.codeHash),
    index('one_time_codes_account_idx').on(t.accountId),
  ],
);

/** Acceptance of the legal documents (consent to treat, terms) at a version. */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    document: text('document').notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [index('consents_account_idx').on(t.accountId)],
);

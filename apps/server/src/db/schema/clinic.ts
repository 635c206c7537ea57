import {
  boolean,
  date,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

// Owned by the clinic area (the provider console): licences, duty and credentials of providers.
// Other areas ask the clinic roster port (features/clinic/roster.port.ts).

/**
 * A provider's licence in a state (one per provider and state): its number and expiry date. In
 * force through the expiry day in the state's own zone (domain clinic/licences.rules); a row
 * from before numbers and expiries were kept has no number ('') and no expiry (null, in force
 * until an administrator records one).
 */
export const providerLicenses = pgTable(
  'provider_licenses',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    state: text('state').notNull(),
    number: text('number').notNull().default(''),
    expiresOn: date('expires_on', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.state] })],
);

/** Whether a provider is on duty (taking visits) now. */
export const providerDuty = pgTable('provider_duty', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id),
  onDuty: boolean('on_duty').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When a connection of the provider was last seen (socket heartbeat, authenticated request;
   * written at most every ~30 s). On duty counts as available only within the presence grace.
   */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
});

/** A provider's professional details, printed on notes (spec: Note.providerCredential). */
export const providerProfiles = pgTable('provider_profiles', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id),
  /** Post-nominal letters shown after the name, e.g. MD, DO, NP. */
  suffix: text('suffix').notNull().default(''),
  npi: text('npi').notNull(),
  /** DEA registration number (2 letters + 7 digits), when the provider has one. */
  dea: text('dea'),
  /** domain notes.schemas providerCredential: address {name,line1,line2,phone}, fax, npi, clientNumber. */
  credential: jsonb('credential').$type<Record<string, unknown>>().notNull(),
});

/**
 * The licence-expiry reminders sent: one row per provider, state and expiry date, so
 * the daily job e-mails each licence once per expiry (a renewed licence has a new date).
 */
export const providerLicenceReminders = pgTable(
  'provider_licence_reminders',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    state: text('state').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.state, t.expiresOn] })],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, persons } from './accounts';
import { ledger } from './payments';

/** On-demand visits: the queue, the claim and the outcome (domain care/visits.rules.ts). */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state').notNull(),
    location: text('location').notNull(),
    reason: text('reason').notNull(),
    notes: text('notes').notNull().default(''),
    pharmacy: jsonb('pharmacy').$type<Record<string, unknown> | null>(),
    screening: jsonb('screening').$type<Record<string, unknown> | null>(),
    ledgerId: uuid('ledger_id').references(() => ledger.id),
    priceCents: integer('price_cents').notNull().default(0),
    providerId: uuid('provider_id').references(() => accounts.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('visits_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('visits_state_location_idx').on(t.state, t.location),
  ],
);

/** The states a provider is licensed in. */
export const providerLicenses = pgTable(
  'provider_licenses',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    state: text('state').notNull(),
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
});

/** The pharmacy directory patients choose from (NCPDP ids, addresses, phones, faxes). */
export const pharmacies = pgTable(
  'pharmacies',
  {
    ncpdpId: text('ncpdp_id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    phone: text('phone').notNull(),
    fax: text('fax').notNull(),
    acceptsErx: boolean('accepts_erx').notNull().default(true),
    searchText: text('search_text').notNull().default(sql`''`),
  },
  (t) => [index('pharmacies_state_idx').on(t.state)],
);

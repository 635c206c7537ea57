import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
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
    /** completed | refund | noShow, set when the provider ends the visit. */
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the waiting patient was told no provider is available in their state (once). */
    strandedAt: timestamp('stranded_at', { withTimezone: true }),
    /**
     * Grows by one on every change of the row, so a screen that holds version n drops a push of
     * an older one (pushes from several processes can arrive out of order).
     */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('visits_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('visits_state_location_idx').on(t.state, t.location),
    // A provider's own visits in progress (their queue, read on every refresh).
    index('visits_provider_state_idx').on(t.providerId, t.state),
    // The visits ended in the last minutes, told again by the presence sweep.
    index('visits_ended_at_idx').on(t.endedAt),
  ],
);

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

/** Visit chat (spec: Message). Stored before it is acknowledged; clientId de-duplicates resends. */
export const visitMessages = pgTable(
  'visit_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id),
    owner: uuid('owner')
      .notNull()
      .references(() => accounts.id),
    clientId: text('client_id'),
    type: text('type').notNull().default('chat'),
    text: text('text').notNull().default(''),
    phone: text('phone'),
    attachments: jsonb('attachments').$type<unknown[]>().notNull().default([]),
    sent: timestamp('sent', { withTimezone: true }).notNull().defaultNow(),
    received: timestamp('received', { withTimezone: true }),
  },
  (t) => [
    index('visit_messages_visit_idx').on(t.visitId, t.sent),
    uniqueIndex('visit_messages_client_id').on(t.visitId, t.owner, t.clientId),
  ],
);

/** Prescriptions written in a visit (checked by domain rx/medications.rules). */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => accounts.id),
    medication: text('medication').notNull(),
    strength: text('strength').notNull(),
    quantity: integer('quantity').notNull(),
    refills: integer('refills').notNull(),
    directions: text('directions').notNull(),
    pharmacy: jsonb('pharmacy').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prescriptions_visit_idx').on(t.visitId)],
);

/**
 * The one-time SMS meet link of a visit: `linkHash` is the SHA-256 of the id in the link
 * (used once, expires); exchanging it yields a meet token (`sessionHash`) that only opens this
 * visit's call and expires with it.
 */
export const meetLinks = pgTable(
  'meet_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id),
    linkHash: text('link_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    sessionHash: text('session_hash'),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meet_links_link_hash').on(t.linkHash),
    index('meet_links_session_idx').on(t.sessionHash),
  ],
);

/**
 * Covid test certificates: issued when a Covid certification visit is completed, in
 * the same transaction. `verification_id` is the random public id the certificate prints.
 */
export const covidCertificates = pgTable(
  'covid_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verificationId: text('verification_id').notNull(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    testType: text('test_type').notNull(),
    result: text('result').notNull(),
    testedOn: text('tested_on').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => accounts.id),
    providerName: text('provider_name').notNull(),
    providerCredential: jsonb('provider_credential').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('covid_certificates_verification_id_key').on(t.verificationId),
    uniqueIndex('covid_certificates_visit_id_key').on(t.visitId),
    index('covid_certificates_account_idx').on(t.accountId, t.issuedAt),
  ],
);

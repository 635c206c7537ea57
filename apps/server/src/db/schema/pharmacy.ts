import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The NCPDP registry as imported from the public NPPES dissemination file (domain
 * pharmacy/ncpdp.rules.ts): one row per pharmacy, by NCPDP ID. Public data, not PHI.
 */
export const pharmacyRegistry = pgTable(
  'pharmacy_registry',
  {
    ncpdpId: text('ncpdp_id').primaryKey(),
    npi: text('npi').notNull(),
    name: text('name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    phone: text('phone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pharmacy_registry_state_idx').on(t.state)],
);

/**
 * Pharmacy organisations (organizationType pharmacy): who they are, as they say, and whether
 * the registry confirms it. `id` is the pharmacy's company key (its white-label). Rx access
 * needs `verifiedAt` (spec section 6).
 */
export const pharmacyOrganizations = pgTable('pharmacy_organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ncpdpId: text('ncpdp_id').notNull(),
  npi: text('npi').notNull().default(''),
  address1: text('address1').notNull(),
  address2: text('address2').notNull().default(''),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  phone: text('phone').notNull(),
  fax: text('fax').notNull(),
  acceptsErx: boolean('accepts_erx').notNull().default(true),
  /** The states whose patients' Rx visits it takes (it ships there); its own state at least. */
  serviceStates: text('service_states').array().notNull().default(sql`'{}'::text[]`),
  /** Where new-visit notices go (no PHI in them): an e-mail address and/or a mobile number. */
  notifyEmail: text('notify_email'),
  notifyPhone: text('notify_phone'),
  /** When the registry last matched; null while unverified. */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** What did not match at the last check (notListed, address, phone, fax). */
  mismatches: jsonb('mismatches').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A pharmacist's grant (spec: email, states, links, claimedOnly): which of the pharmacy's Rx
 * visits they work. Revoking ends the grant and the account's sessions at once.
 */
export const pharmacistGrants = pgTable(
  'pharmacist_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    email: text('email').notNull(),
    states: text('states').array().notNull().default(sql`'{}'::text[]`),
    /** Link ids; empty: every link and visits that came without one. */
    links: text('links').array().notNull().default(sql`'{}'::text[]`),
    claimedOnly: boolean('claimed_only').notNull().default(false),
    invitedBy: uuid('invited_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pharmacist_grants_account_key').on(t.accountId),
    index('pharmacist_grants_org_idx').on(t.organizationId),
  ],
);

/** A pharmacy's Rx link (spec: screenId, medListId, comment): `id` is the code in the URL. */
export const pharmacyLinks = pgTable(
  'pharmacy_links',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    screenId: text('screen_id').notNull(),
    medListId: text('med_list_id'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('pharmacy_links_org_idx').on(t.organizationId)],
);

/**
 * The back office's decisions on a pharmacy's verification: onboarded from the
 * registry, verified, unverified, each with the operator and the reason. The latest one holds:
 * after 'onboard' or 'unverify' a registry import does not verify the pharmacy by itself.
 */
export const pharmacyVerificationEvents = pgTable(
  'pharmacy_verification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    action: text('action').$type<'onboard' | 'verify' | 'unverify'>().notNull(),
    reason: text('reason').notNull(),
    actorAccountId: uuid('actor_account_id').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pharmacy_verification_events_org_idx').on(t.organizationId, t.createdAt)],
);

import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  /** When the registry last matched; null while unverified. */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** What did not match at the last check (notListed, address, phone, fax). */
  mismatches: jsonb('mismatches').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

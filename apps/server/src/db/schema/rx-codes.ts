import { pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { pharmacyOrganizations } from './pharmacy';
import { rxVisits } from './rx';

/**
 * A pharmacy's own reference for an Rx visit it claimed (owner: the rx-codes area):
 * one per visit and pharmacy, unique within the pharmacy ignoring case (`code_key` is the
 * upper-cased code, and the unique index decides races). Clearing deletes the row.
 */
export const rxExternalCodes = pgTable(
  'rx_external_codes',
  {
    visitId: uuid('visit_id')
      .notNull()
      .references(() => rxVisits.id),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    setBy: uuid('set_by')
      .notNull()
      .references(() => accounts.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.visitId, t.organizationId] }),
    uniqueIndex('rx_external_codes_key_idx').on(t.organizationId, t.codeKey),
  ],
);

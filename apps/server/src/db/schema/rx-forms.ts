import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { pharmacyOrganizations } from './pharmacy';
import { rxVisits } from './rx';

/**
 * Forms a pharmacy asks the patient of an Rx visit to sign (owner: the rx-forms
 * area). The form's text is the domain catalogue's (`form_id` + `version`, in the language the
 * signer read: `signed_lang`), so the signed PDF prints exactly what was signed. `account_id`
 * and `person_id` copy the visit's, so the patient's documents list reads this table alone.
 * One open request per visit and form (a partial unique index decides races).
 */
export const rxFormRequests = pgTable(
  'rx_form_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => rxVisits.id),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    personId: uuid('person_id').notNull(),
    formId: text('form_id').notNull(),
    version: text('version').notNull(),
    /** The person a pick-up authorization names (PHI). */
    designeeName: text('designee_name'),
    status: text('status').notNull().default('requested'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => accounts.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: uuid('signed_by').references(() => accounts.id),
    /** What the signer typed (matched their profile's name). */
    signedName: text('signed_name'),
    signedLang: text('signed_lang'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => accounts.id),
  },
  (t) => [
    index('rx_form_requests_visit_idx').on(t.visitId, t.requestedAt),
    index('rx_form_requests_account_idx').on(t.accountId, t.signedAt),
    uniqueIndex('rx_form_requests_open_idx')
      .on(t.visitId, t.formId)
      .where(sql`${t.status} = 'requested'`),
    check('rx_form_requests_status', sql`${t.status} in ('requested', 'signed', 'withdrawn')`),
    check('rx_form_requests_lang', sql`${t.signedLang} is null or ${t.signedLang} in ('en', 'es')`),
  ],
);

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
import { pharmacyOrganizations } from './pharmacy';

/**
 * A pharmacy's in-store assessment (domain pharmacy/assessment.rules.ts): the intake a
 * pharmacist filled in for a patient in the store, the patient's account (matched by e-mail or
 * made for them), and the single-use link that continues it into an Rx visit. The link's code is
 * stored only as its SHA-256. The intake is PHI: read and changed only through the assessments
 * service, which audits.
 */
export const pharmacyAssessments = pgTable(
  'pharmacy_assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    /** The pharmacist (or administrator) who filled it in. */
    pharmacistId: uuid('pharmacist_id')
      .notNull()
      .references(() => accounts.id),
    /** uti | uri */
    form: text('form').notNull(),
    /** The state the patient was in (the visit's state). */
    state: text('state').notNull(),
    /** The intake as the domain's schema checked it (patient, symptoms, history, tests). */
    intake: jsonb('intake').$type<Record<string, unknown>>().notNull(),
    /** The patient's account: matched by e-mail, or made for them (accountCreated). */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    accountCreated: boolean('account_created').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** sent | continued */
    status: text('status').notNull().default('sent'),
    continuedAt: timestamp('continued_at', { withTimezone: true }),
    /** The Rx visit it continued into (the rx area's id; rx_visits.assessment_id points back). */
    rxVisitId: uuid('rx_visit_id'),
    /** The language the e-mail was written in. */
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pharmacy_assessments_code_hash_key').on(t.codeHash),
    index('pharmacy_assessments_organization_idx').on(t.organizationId, t.createdAt),
    index('pharmacy_assessments_account_idx').on(t.accountId, t.createdAt),
  ],
);

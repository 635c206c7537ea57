import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { pharmacyOrganizations } from './pharmacy';

/**
 * The pharmacy CRM (owner: the crm area). Every row belongs to one pharmacy
 * organisation and is read only through it. Tags are the spec's sets (domain brands.schemas),
 * one per row, checked by the database too.
 */
export const crmCustomers = pgTable(
  'crm_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The customer's patient account, linked by the pharmacy (PHI: shown to it alone). */
    patientAccountId: uuid('patient_account_id').references(() => accounts.id),
    notes: text('notes').notNull().default(''),
    tag: text('tag').notNull(),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crm_customers_org_idx').on(t.organizationId, t.name),
    check(
      'crm_customers_tag',
      sql`${t.tag} in ('Prospect', 'Active', 'Inactive', 'VIP', 'AtRisk', 'NeedsFollowUp')`,
    ),
  ],
);

/** What passed between the pharmacy and a customer: when, how, a summary, one tag. */
export const crmInteractions = pgTable(
  'crm_interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => crmCustomers.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    channel: text('channel').notNull(),
    summary: text('summary').notNull(),
    tag: text('tag').notNull(),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crm_interactions_customer_idx').on(t.customerId, t.at),
    check('crm_interactions_channel', sql`${t.channel} in ('phone', 'email', 'inStore', 'other')`),
    check(
      'crm_interactions_tag',
      sql`${t.tag} in ('Complaint', 'Praise', 'Query', 'Support', 'Info')`,
    ),
  ],
);

/** The pharmacy's to-do list: a title, a due day, done or not, optionally about a customer. */
export const crmTasks = pgTable(
  'crm_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => pharmacyOrganizations.id),
    customerId: uuid('customer_id').references(() => crmCustomers.id),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    tag: text('tag').notNull(),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crm_tasks_org_idx').on(t.organizationId, t.done, t.dueDate),
    check(
      'crm_tasks_tag',
      sql`${t.tag} in ('Urgent', 'HighPriority', 'MediumPriority', 'LowPriority')`,
    ),
  ],
);

import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, persons } from './accounts';
import { files } from './files';

/**
 * Documents filed on a patient's record as files: the patient's own uploads and what
 * a pharmacy filed for them. What the product writes (notes, prescriptions, consents, receipts,
 * certificates) stays in its own area's tables and is listed beside these (documents area).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    /** The account holder the document belongs to (the guardian for a dependent). */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    /** upload | pharmacyUpload */
    source: text('source').notNull(),
    fdate: date('fdate', { mode: 'string' }).notNull(),
    ftype: text('ftype').notNull(),
    fdesc: text('fdesc').notNull().default(''),
    author: text('author').notNull().default(''),
    filer: text('filer').notNull().default(''),
    filerAccountId: uuid('filer_account_id').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('documents_account_fdate_idx').on(t.accountId, t.fdate)],
);

import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, persons } from './accounts';

/**
 * Uploaded files (platform/files): the metadata; the bytes are encrypted in the file store
 * under `storage_key`. `original_name` is the sanitised name the file downloads under and can
 * name a person, so it is PHI like the rest of the row. A removed file keeps its row with
 * `deleted_at` set (the audit trail names it); its bytes are deleted from the store.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    ownerAccountId: uuid('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The family member the file is about, when one is named. */
    personId: uuid('person_id').references(() => persons.id),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('files_storage_key_key').on(t.storageKey),
    index('files_owner_account_id_idx').on(t.ownerAccountId),
  ],
);

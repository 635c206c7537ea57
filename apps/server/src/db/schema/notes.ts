import type { VisitNoteTopic } from '@apothecall/domain/care/visit-note-topic.rules';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, persons } from './accounts';
import { visits } from './care';

// Owned by the notes area. Care writes a visit's note through the notes port, inside the
// transaction that ends the visit (features/notes/notes.port.ts).

/** Notes on a person's record (spec: Note); written when a visit ends. */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The holder account that owns the person's record. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    visitId: uuid('visit_id').references(() => visits.id),
    providerId: uuid('provider_id').references(() => accounts.id),
    /** The provider's display name with suffix, as printed. */
    providerName: text('provider_name').notNull(),
    author: text('author').notNull(),
    /** The subject line as its writer read it (the provider's language). */
    subject: text('subject').notNull(),
    /**
     * What a visit's note is about, language-neutral: readers get the subject in their own
     * language from it (null on notes not written by a visit).
     */
    topic: jsonb('topic').$type<VisitNoteTopic>(),
    body: text('body').notNull(),
    providerCredential: jsonb('provider_credential').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notes_person_created_idx').on(t.personId, t.createdAt),
    // The family's notes of a month (the documents list reads every source by account).
    index('notes_account_created_idx').on(t.accountId, t.createdAt),
    uniqueIndex('notes_visit_unique').on(t.visitId),
  ],
);

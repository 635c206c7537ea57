import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Announcements to pharmacies (owner: the announcements area). Written by a
 * company's rx administrator (`company_id` = the company) or the platform administrator
 * (`company_id` null: every pharmacy); `states` narrows the audience ({} = all). Shown while
 * not withdrawn and before `expires_at`. No PHI: writers are told not to put any in.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id'),
    states: text('states').array().notNull().default(sql`'{}'::text[]`),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The language of title and body (en, es); the translation is in the other one. */
    language: text('language').notNull().default('en'),
    translationTitle: text('translation_title'),
    translationBody: text('translation_body'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => accounts.id),
  },
  (t) => [index('announcements_company_idx').on(t.companyId, t.createdAt)],
);

/** One pharmacy login's "dismiss": hides that announcement for that login only. */
export const announcementDismissals = pgTable(
  'announcement_dismissals',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.accountId] }),
    index('announcement_dismissals_account_idx').on(t.accountId),
  ],
);

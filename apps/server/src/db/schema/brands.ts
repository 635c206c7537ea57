import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** White-label brands. `id` is the company key used in links (?company=) and settings. */
export const brands = pgTable('brands', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  colorPrimary: text('color_primary').notNull().default('#0b7285'),
  colorAccent: text('color_accent').notNull().default('#f08c00'),
  colorWarning: text('color_warning').notNull().default('#e03131'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** White-label brands. `id` is the company key used in links (?company=) and settings. */
export const brands = pgTable('brands', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  colorPrimary: text('color_primary').notNull().default('#0b7285'),
  colorAccent: text('color_accent').notNull().default('#f08c00'),
  colorWarning: text('color_warning').notNull().default('#e03131'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Exact host names that select this brand, and what kind of host each is. */
  hostKind: text('host_kind'),
  hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
  /** First host labels (sub-domains) that select this brand. */
  aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
  thirdParty: boolean('third_party').notNull().default(false),
  isMain: boolean('is_main').notNull().default(false),
  homePage: text('home_page').notNull().default('/'),
  backgroundImage: text('background_image'),
  registerEnabled: boolean('register_enabled').notNull().default(true),
  attribution: boolean('attribution').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the back office last saved the brand (null: never). The demo seed leaves such a row
   * as the operator left it.
   */
  editedAt: timestamp('edited_at', { withTimezone: true }),
});

/**
 * Logos uploaded in the back office, re-encoded as PNG (base64), served at /brand-logos/{hash}.png:
 * the address is the hash of the bytes, so it never changes and caches for good.
 */
export const brandLogos = pgTable('brand_logos', {
  hash: text('hash').primaryKey(),
  brandId: text('brand_id')
    .notNull()
    .references(() => brands.id),
  pngBase64: text('png_base64').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Referral codes a brand hands out (spec: code, title, message, link message). */
export const referrals = pgTable('referrals', {
  code: text('code').primaryKey(),
  brandId: text('brand_id')
    .notNull()
    .references(() => brands.id),
  title: text('title').notNull().default(''),
  message: text('message').notNull().default(''),
  linkMessage: text('link_message').notNull().default(''),
  /** The visit price with this referral, in cents; null keeps the default fee. */
  priceCents: integer('price_cents'),
  /** A patient's own code to share; their referred transactions list its use. */
  ownerAccountId: uuid('owner_account_id'),
  /** A retired code is kept (transactions and analytics name it) but no longer gives its price. */
  active: boolean('active').notNull().default(true),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Prepay programs (owner: the prepay area). A program is a bank of VISITS bought by
 * an account holder (a pharmacy's administrator, or anyone): `balance` is visits left, never
 * below zero; every movement is a `prepay_program_entries` row, once per idempotency key.
 */
export const prepayPrograms = pgTable(
  'prepay_programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerAccountId: uuid('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The holder's pharmacy when its staff bought it (notifications, default restriction). */
    organizationId: text('organization_id'),
    brandId: text('brand_id').notNull(),
    /** The program code authorized users enter at checkout (12 characters). */
    code: text('code').notNull(),
    /** The purchase's idempotency key: a retried purchase is one program. */
    purchaseKey: text('purchase_key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    balance: integer('balance').notNull().default(0),
    visitCount: integer('visit_count').notNull().default(0),
    rewardAmtCents: integer('reward_amt_cents').notNull().default(0),
    programAmtCents: integer('program_amt_cents').notNull(),
    patientAmtCents: integer('patient_amt_cents').notNull().default(0),
    priceMsg: text('price_msg').notNull().default(''),
    visitType: text('visit_type').notNull().default('rx'),
    perAccountLimit: integer('per_account_limit').notNull().default(0),
    reuseIntervalDays: integer('reuse_interval_days').notNull().default(0),
    lowBalanceLimit: integer('low_balance_limit').notNull().default(0),
    /**
     * The holder was told the balance is at or under the limit, for the current stretch there
     * (set by each redemption: domain lowBalanceNoticedAfter).
     */
    lowBalanceNoticed: boolean('low_balance_noticed').notNull().default(false),
    reasonRestriction: text('reason_restriction').array().notNull().default(sql`'{}'`),
    pharmacyRestriction: text('pharmacy_restriction').array().notNull().default(sql`'{}'`),
    checkoutMessage: text('checkout_message').notNull().default(''),
    notifications: jsonb('notifications').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prepay_programs_code_key').on(t.code),
    uniqueIndex('prepay_programs_purchase_key').on(t.ownerAccountId, t.purchaseKey),
    index('prepay_programs_owner_idx').on(t.ownerAccountId),
    check('prepay_programs_balance_nonnegative', sql`${t.balance} >= 0`),
  ],
);

/** Authorized users of a program (e-mail, lower case) with an optional visit limit (0 = none). */
export const prepayProgramUsers = pgTable(
  'prepay_program_users',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => prepayPrograms.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    visitLimit: integer('visit_limit').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.email] }),
    index('prepay_users_email_idx').on(t.email),
  ],
);

/** Visits in (purchase, added funds, credited back) and out (a visit), once per key. */
export const prepayProgramEntries = pgTable(
  'prepay_program_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => prepayPrograms.id),
    kind: text('kind').notNull(),
    visits: integer('visits').notNull(),
    amountCents: integer('amount_cents').notNull().default(0),
    chargeId: text('charge_id'),
    redemptionId: uuid('redemption_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prepay_program_entries_key').on(t.programId, t.idempotencyKey),
    index('prepay_program_entries_program_idx').on(t.programId, t.createdAt),
  ],
);

/**
 * Access tokens: the program's one-time codes (nOnce). `state` follows the token rule
 * (unclaimed -> claimed -> claimedWithRx | denied); deleted tokens keep their row.
 */
export const prepayTokens = pgTable(
  'prepay_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => prepayPrograms.id),
    code: text('code').notNull(),
    state: text('state').notNull().default('unclaimed'),
    use: text('use').notNull().default('single'),
    multipleUseIntervalDays: integer('multiple_use_interval_days').notNull().default(0),
    note: text('note').notNull().default(''),
    deliveryChannel: text('delivery_channel'),
    deliveryTo: text('delivery_to'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    claimCount: integer('claim_count').notNull().default(0),
    firstClaimedAt: timestamp('first_claimed_at', { withTimezone: true }),
    deniedAt: timestamp('denied_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prepay_tokens_code_key').on(t.code),
    index('prepay_tokens_program_idx').on(t.programId, t.createdAt),
  ],
);

/**
 * A visit paid by a program: one per visit (`visit_ref`, e.g. `rx:<visit id>`). Its state is
 * the token's life as that visit saw it (claimed, claimedWithRx, denied) or released (the
 * patient cancelled before review: the visit and the token went back unused).
 */
export const prepayRedemptions = pgTable(
  'prepay_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => prepayPrograms.id),
    tokenId: uuid('token_id').references(() => prepayTokens.id),
    visitRef: text('visit_ref').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    personId: uuid('person_id').notNull(),
    email: text('email').notNull(),
    productId: text('product_id').notNull(),
    state: text('state').notNull().default('claimed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('prepay_redemptions_visit_key').on(t.visitRef),
    index('prepay_redemptions_program_idx').on(t.programId, t.createdAt),
    index('prepay_redemptions_person_idx').on(t.programId, t.personId),
  ],
);

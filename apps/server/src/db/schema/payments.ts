import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { brands } from './brands';

/** The gateway's customer profile of an account (one per gateway). */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    gateway: text('gateway').notNull(),
    customerProfileId: text('customer_profile_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gateway_customers_account_gateway_key').on(t.accountId, t.gateway)],
);

/** Stored cards: the gateway's payment-profile id, brand, last four and expiry. Never the number or CVV. */
export const paymentProfiles = pgTable(
  'payment_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    gateway: text('gateway').notNull(),
    paymentProfileId: text('payment_profile_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expiration: text('expiration').notNull(),
    holderName: text('holder_name').notNull(),
    valid: boolean('valid').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('payment_profiles_account_idx').on(t.accountId)],
);

/**
 * The money ledger: every charge and refund, with its state. A row is written (pending) before
 * the gateway is called and settled after, so a crash in between is found and reconciled at
 * start-up. The idempotency key makes retries and concurrent duplicates one charge.
 */
export const ledger = pgTable(
  'ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    creditCents: integer('credit_cents').notNull().default(0),
    cardCents: integer('card_cents').notNull().default(0),
    paymentProfileId: uuid('payment_profile_id').references(() => paymentProfiles.id),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardHolder: text('card_holder'),
    gatewayTransactionId: text('gateway_transaction_id'),
    relatedId: uuid('related_id'),
    description: text('description').notNull().default(''),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_idempotency_key').on(t.accountId, t.idempotencyKey),
    uniqueIndex('ledger_invoice_key').on(t.invoiceNumber),
    index('ledger_state_idx').on(t.state),
  ],
);

/** Credit (reward balance) movements: grants are positive, uses negative. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    ledgerId: uuid('ledger_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_account_idx').on(t.accountId),
    uniqueIndex('credit_entries_ledger_reason_key').on(t.ledgerId, t.reason),
  ],
);

/** Coupons a brand hands out. kind: free | percent | amount. */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  brandId: text('brand_id')
    .notNull()
    .references(() => brands.id),
  kind: text('kind').notNull(),
  value: integer('value').notNull().default(0),
  title: text('title').notNull().default(''),
  message: text('message').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    code: text('code')
      .notNull()
      .references(() => coupons.code),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The charge that used this redemption; null until used (a coupon pays one visit). */
    ledgerId: uuid('ledger_id'),
  },
  (t) => [uniqueIndex('coupon_redemptions_account_code_key').on(t.accountId, t.code)],
);

/** Server secrets generated at first start (the price-token signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Prepay accounts: money an organisation (a pharmacy, by its id) holds with the product. Claim
 * fees are taken from it; prepaid visit programs build on it.
 */
export const prepayAccounts = pgTable('prepay_accounts', {
  id: text('id').primaryKey(),
  balanceCents: integer('balance_cents').notNull().default(0),
  /** Under this balance the owner is told (low balance notice). */
  lowBalanceCents: integer('low_balance_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Prepay account movements: funds in (positive), fees out (negative), reversals. One row per
 * (account, idempotency key): a retried or concurrent debit is one debit.
 */
export const prepayEntries = pgTable(
  'prepay_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prepayAccountId: text('prepay_account_id')
      .notNull()
      .references(() => prepayAccounts.id),
    amountCents: integer('amount_cents').notNull(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    relatedId: text('related_id'),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prepay_entries_key').on(t.prepayAccountId, t.idempotencyKey)],
);

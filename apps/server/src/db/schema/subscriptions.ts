import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Subscriptions (owner: the subscriptions area). A visit plan (individual or family)
 * or an rx subscription (a medication supplied monthly), sold by a company (the brand) and billed
 * every `months` to the card on file. `cycle` counts the paid renewals: a renewal charges with
 * an idempotency key built from the cycle and `failed_renewals`, so two processes, a retry or a
 * restart charge it once; the conditional move to the next cycle is made by one of them.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The brand that sold it; the rx-subscription administrator of this company sees it. */
    company: text('company').notNull(),
    kind: text('kind').notNull(),
    plan: text('plan'),
    period: text('period'),
    serviceId: text('service_id'),
    months: integer('months').notNull(),
    /** What each renewal bills (the price agreed at purchase). */
    billedCents: integer('billed_cents').notNull(),
    status: text('status').notNull(),
    renewAt: timestamp('renew_at', { withTimezone: true }),
    cycle: integer('cycle').notNull().default(0),
    failedRenewals: integer('failed_renewals').notNull().default(0),
    /** After a declined renewal: not retried before this. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    /** The card renewals charge (the client's profile id), while it is on file. */
    paymentProfileId: text('payment_profile_id'),
    /** The purchase's idempotency key: a retried purchase is one subscription. */
    purchaseKey: text('purchase_key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    refunded: boolean('refunded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_purchase_key').on(t.accountId, t.purchaseKey),
    // One visit plan not yet inactive per account, one subscription per rx service.
    uniqueIndex('subscriptions_one_plan')
      .on(t.accountId)
      .where(sql`${t.kind} = 'visits' and ${t.status} <> 'inactive'`),
    uniqueIndex('subscriptions_one_service')
      .on(t.accountId, t.serviceId)
      .where(sql`${t.kind} = 'rx' and ${t.status} <> 'inactive'`),
    index('subscriptions_due').on(t.renewAt),
    index('subscriptions_company').on(t.company),
    check('subscriptions_kind', sql`${t.kind} in ('visits', 'rx')`),
    check('subscriptions_status', sql`${t.status} in ('active', 'cancelled', 'inactive')`),
  ],
);

/**
 * Money moved for a subscription: the purchase (cycle 0), each paid renewal (its cycle) and a
 * refund; `ledger_id` is the payments area's entry (receipts are in the transactions list).
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    kind: text('kind').notNull(),
    cycle: integer('cycle').notNull(),
    ledgerId: text('ledger_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('subscription_charges_once').on(t.subscriptionId, t.kind, t.cycle),
    check('subscription_charges_kind', sql`${t.kind} in ('purchase', 'renewal', 'refund')`),
  ],
);

/**
 * A purchase in flight: one per account and plan slot (`visits`, or `rx:<service>`),
 * taken before the card is charged and given back when the purchase ends, so simultaneous
 * purchases with different keys charge the card once (the others are refused, not refunded). A
 * claim older than a few minutes is a crashed process's and may be taken over.
 */
export const subscriptionPurchaseClaims = pgTable(
  'subscription_purchase_claims',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    slot: text('slot').notNull(),
    purchaseKey: text('purchase_key').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.slot] })],
);

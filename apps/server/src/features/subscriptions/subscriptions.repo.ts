import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  subscriptionCharges,
  subscriptionPurchaseClaims,
  subscriptions,
} from '../../db/schema/subscriptions';
import { isUniqueViolation } from '../../platform/unique-violation';

export type SubscriptionRecord = typeof subscriptions.$inferSelect;
export type SubscriptionChargeRecord = typeof subscriptionCharges.$inferSelect;
type NewSubscription = typeof subscriptions.$inferInsert;

/**
 * The subscriptions area's tables. Every change of state is one conditional statement (on the
 * status, the cycle or the failed-renewal count it expects), so two processes working the same
 * subscription make one change and the other sees that it lost.
 */
export interface SubscriptionsRepo {
  byId(id: string): Promise<SubscriptionRecord | undefined>;
  byPurchaseKey(accountId: string, key: string): Promise<SubscriptionRecord | undefined>;
  /** The account's subscriptions of a kind, newest first. */
  ofAccount(accountId: string, kind: 'visits' | 'rx'): Promise<SubscriptionRecord[]>;
  /**
   * Takes the account's purchase slot for this key: `claimed`, `same` (this key already holds
   * it: a retry of the purchase in flight) or `busy` (another purchase holds it). A claim made
   * before `staleBefore` is taken over.
   */
  claimPurchase(
    accountId: string,
    slot: string,
    key: string,
    at: Date,
    staleBefore: Date,
  ): Promise<'claimed' | 'same' | 'busy'>;
  /** Gives the slot back (only when this key holds it). */
  releasePurchase(accountId: string, slot: string, key: string): Promise<void>;
  /** A new subscription and its purchase charge; `conflict` when one is already held. */
  insert(
    row: NewSubscription,
    charge: { ledgerId: string; amountCents: number },
  ): Promise<{ kind: 'inserted'; row: SubscriptionRecord } | { kind: 'conflict' }>;
  setStatus(
    id: string,
    from: 'active' | 'cancelled',
    change: Partial<
      Pick<NewSubscription, 'status' | 'cancelledAt' | 'cancelReason' | 'endedAt' | 'renewAt'>
    >,
  ): Promise<SubscriptionRecord | undefined>;
  /** Subscriptions whose renew date has come (and whose retry wait, if any, is over). */
  due(now: Date, limit: number): Promise<SubscriptionRecord[]>;
  /** A paid renewal: the next cycle and renew date, once (only from the cycle expected). */
  advance(
    id: string,
    fromCycle: number,
    renewAt: Date,
    charge: { ledgerId: string; amountCents: number; at: Date },
  ): Promise<boolean>;
  /** A declined renewal: one more failure (only from the count expected), a retry date or the end. */
  recordFailure(
    id: string,
    expected: { cycle: number; failedRenewals: number },
    outcome: { retryAt: Date } | { endedAt: Date },
  ): Promise<boolean>;
  /** A cancelled plan reached its end: inactive (only from cancelled and this cycle). */
  lapse(id: string, cycle: number, at: Date): Promise<boolean>;
  /** A refund of the last charge and the end of the subscription, once. */
  refund(
    id: string,
    charge: { cycle: number; ledgerId: string; amountCents: number; at: Date },
    reason: string,
  ): Promise<SubscriptionRecord | undefined>;
  charges(subscriptionIds: readonly string[]): Promise<SubscriptionChargeRecord[]>;
  ofCompany(company: string): Promise<SubscriptionRecord[]>;
  /** Every subscription of the company, newest first, of one status if given (the search). */
  allOfCompany(company: string, status?: string): Promise<SubscriptionRecord[]>;
  /**
   * The company's active subscriptions whose renewal was declined (being retried), and those
   * renewing by `soonUntil` (the rx administrator's Home).
   */
  companyCounts(
    company: string,
    soonUntil: Date,
  ): Promise<{ renewalDeclined: number; renewingSoon: number }>;
}

export function createSubscriptionsRepo(db: Db): SubscriptionsRepo {
  return {
    async byId(id) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row;
    },
    async byPurchaseKey(accountId, key) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.purchaseKey, key)));
      return row;
    },
    ofAccount(accountId, kind) {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.kind, kind)))
        .orderBy(desc(subscriptions.startedAt), desc(subscriptions.createdAt));
    },
    async claimPurchase(accountId, slot, key, at, staleBefore) {
      const [taken] = await db
        .insert(subscriptionPurchaseClaims)
        .values({ accountId, slot, purchaseKey: key, claimedAt: at })
        .onConflictDoUpdate({
          target: [subscriptionPurchaseClaims.accountId, subscriptionPurchaseClaims.slot],
          set: { purchaseKey: key, claimedAt: at },
          setWhere: lte(subscriptionPurchaseClaims.claimedAt, staleBefore),
        })
        .returning({ key: subscriptionPurchaseClaims.purchaseKey });
      if (taken) return 'claimed';
      const [holder] = await db
        .select({ key: subscriptionPurchaseClaims.purchaseKey })
        .from(subscriptionPurchaseClaims)
        .where(
          and(
            eq(subscriptionPurchaseClaims.accountId, accountId),
            eq(subscriptionPurchaseClaims.slot, slot),
          ),
        );
      return holder?.key === key ? 'same' : 'busy';
    },
    async releasePurchase(accountId, slot, key) {
      await db
        .delete(subscriptionPurchaseClaims)
        .where(
          and(
            eq(subscriptionPurchaseClaims.accountId, accountId),
            eq(subscriptionPurchaseClaims.slot, slot),
            eq(subscriptionPurchaseClaims.purchaseKey, key),
          ),
        );
    },
    async insert(row, charge) {
      try {
        return await db.transaction(async (tx) => {
          const [inserted] = await tx.insert(subscriptions).values(row).returning();
          if (!inserted) throw new Error('subscription not inserted');
          await tx.insert(subscriptionCharges).values({
            subscriptionId: inserted.id,
            kind: 'purchase',
            cycle: 0,
            ledgerId: charge.ledgerId,
            amountCents: charge.amountCents,
            createdAt: row.startedAt,
          });
          return { kind: 'inserted' as const, row: inserted };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'conflict' };
        throw error;
      }
    },
    async setStatus(id, from, change) {
      const [row] = await db
        .update(subscriptions)
        .set(change)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.status, from)))
        .returning();
      return row;
    },
    due(now, limit) {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            ne(subscriptions.status, 'inactive'),
            lte(subscriptions.renewAt, now),
            or(isNull(subscriptions.retryAt), lte(subscriptions.retryAt, now)),
          ),
        )
        .orderBy(asc(subscriptions.renewAt))
        .limit(limit);
    },
    async advance(id, fromCycle, renewAt, charge) {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(subscriptions)
          .set({ cycle: fromCycle + 1, renewAt, failedRenewals: 0, retryAt: null })
          .where(
            and(
              eq(subscriptions.id, id),
              eq(subscriptions.cycle, fromCycle),
              eq(subscriptions.status, 'active'),
            ),
          )
          .returning({ id: subscriptions.id });
        if (moved.length === 0) return false;
        await tx
          .insert(subscriptionCharges)
          .values({
            subscriptionId: id,
            kind: 'renewal',
            cycle: fromCycle + 1,
            ledgerId: charge.ledgerId,
            amountCents: charge.amountCents,
            createdAt: charge.at,
          })
          .onConflictDoNothing();
        return true;
      });
    },
    async recordFailure(id, expected, outcome) {
      const ends = 'endedAt' in outcome;
      const rows = await db
        .update(subscriptions)
        .set({
          failedRenewals: expected.failedRenewals + 1,
          ...(ends
            ? { status: 'inactive', endedAt: outcome.endedAt, renewAt: null, retryAt: null }
            : { retryAt: outcome.retryAt }),
        })
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.status, 'active'),
            eq(subscriptions.cycle, expected.cycle),
            eq(subscriptions.failedRenewals, expected.failedRenewals),
          ),
        )
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },
    async lapse(id, cycle, at) {
      const rows = await db
        .update(subscriptions)
        .set({ status: 'inactive', endedAt: at, renewAt: null, retryAt: null })
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.status, 'cancelled'),
            eq(subscriptions.cycle, cycle),
          ),
        )
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },
    async refund(id, charge, reason) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(subscriptions)
          .set({
            status: 'inactive',
            refunded: true,
            endedAt: charge.at,
            renewAt: null,
            retryAt: null,
            cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, ${charge.at.toISOString()}::timestamptz)`,
            cancelReason: sql`coalesce(${subscriptions.cancelReason}, ${reason})`,
          })
          .where(and(eq(subscriptions.id, id), eq(subscriptions.refunded, false)))
          .returning();
        if (!row) return undefined;
        await tx
          .insert(subscriptionCharges)
          .values({
            subscriptionId: id,
            kind: 'refund',
            cycle: charge.cycle,
            ledgerId: charge.ledgerId,
            amountCents: charge.amountCents,
            createdAt: charge.at,
          })
          .onConflictDoNothing();
        return row;
      });
    },
    charges(subscriptionIds) {
      if (subscriptionIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(subscriptionCharges)
        .where(inArray(subscriptionCharges.subscriptionId, [...subscriptionIds]))
        .orderBy(asc(subscriptionCharges.createdAt));
    },
    async companyCounts(company, soonUntil) {
      const [row] = await db
        .select({
          renewalDeclined: sql<number>`count(*) filter (where ${subscriptions.failedRenewals} > 0)`,
          renewingSoon: sql<number>`count(*) filter (where ${subscriptions.renewAt} <= ${soonUntil.toISOString()}::timestamptz)`,
        })
        .from(subscriptions)
        .where(and(eq(subscriptions.company, company), eq(subscriptions.status, 'active')));
      return {
        renewalDeclined: Number(row?.renewalDeclined ?? 0),
        renewingSoon: Number(row?.renewingSoon ?? 0),
      };
    },
    allOfCompany(company, status) {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.company, company),
            status ? eq(subscriptions.status, status) : undefined,
          ),
        )
        .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id));
    },
    ofCompany(company) {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.company, company))
        .orderBy(desc(subscriptions.startedAt))
        .limit(500);
    },
  };
}

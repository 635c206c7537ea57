import type { MoneySubscriptionsFilters } from '@apothecall/domain/backoffice/money-plans.api';
import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema/subscriptions';
import type { SubscriptionRecord } from './subscriptions.repo';

/** The stored statuses (and declined renewals) of a console status. */
function statusWhere(status: MoneySubscriptionsFilters['status']): SQL | undefined {
  if (status === 'active') {
    return and(eq(subscriptions.status, 'active'), eq(subscriptions.failedRenewals, 0));
  }
  if (status === 'pastDue') {
    return and(eq(subscriptions.status, 'active'), gt(subscriptions.failedRenewals, 0));
  }
  if (status === 'cancelled') return eq(subscriptions.status, 'cancelled');
  if (status === 'inactive') return eq(subscriptions.status, 'inactive');
  return undefined;
}

/**
 * The back office's read of every subscription: a page of them, newest first,
 * filtered by brand (the company that sold it) and the console's status, and how many match.
 */
export function createSubscriptionsMoneyRepo(db: Db) {
  return {
    async page(
      filters: Pick<MoneySubscriptionsFilters, 'brand' | 'status'>,
      offset: number,
      limit: number,
    ): Promise<{ rows: SubscriptionRecord[]; total: number }> {
      const where = and(
        filters.brand ? eq(subscriptions.company, filters.brand) : undefined,
        statusWhere(filters.status),
      );
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(subscriptions)
          .where(where)
          .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(subscriptions).where(where),
      ]);
      return { rows, total: Number(counted[0]?.n ?? 0) };
    },
  };
}
export type SubscriptionsMoneyRepo = ReturnType<typeof createSubscriptionsMoneyRepo>;

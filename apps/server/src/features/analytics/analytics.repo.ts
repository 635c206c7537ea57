import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginEvents } from '../../db/schema/analytics';

export interface LoginEventRecord {
  id: number;
  accountId: string;
  role: string;
  at: Date;
  outcome: string;
  reason: string | null;
  platform: string | null;
  ipPrefix: string | null;
}

export interface LoginCountsRecord {
  accountId: string;
  successes: number;
  failures: number;
  lastSuccessAt: Date | null;
}

export interface AnalyticsRepo {
  /** One row per attempt: the only write on the login's path (one INSERT). */
  insertLoginEvent(row: {
    accountId: string;
    organizationId: string;
    role: string;
    at: Date;
    outcome: 'success' | 'failure';
    reason: string | null;
    platform: string | null;
    ipPrefix: string | null;
  }): Promise<void>;
  /** The organisation's attempts in the range, newest first, at most `limit`. */
  loginEventsOf(
    organizationId: string,
    range: { from: Date; to: Date },
    limit: number,
  ): Promise<LoginEventRecord[]>;
  /** Per account of the organisation: successes, failures and the last success in the range. */
  loginCountsOf(
    organizationId: string,
    range: { from: Date; to: Date },
  ): Promise<LoginCountsRecord[]>;
}

/** The analytics area's own table: its staff's login history (db/schema/analytics.ts). */
export function createAnalyticsRepo(db: Db): AnalyticsRepo {
  const inRange = (organizationId: string, range: { from: Date; to: Date }) =>
    and(
      eq(loginEvents.organizationId, organizationId),
      gte(loginEvents.at, range.from),
      lt(loginEvents.at, range.to),
    );
  return {
    async insertLoginEvent(row) {
      await db.insert(loginEvents).values(row);
    },
    async loginEventsOf(organizationId, range, limit) {
      return db
        .select({
          id: loginEvents.id,
          accountId: loginEvents.accountId,
          role: loginEvents.role,
          at: loginEvents.at,
          outcome: loginEvents.outcome,
          reason: loginEvents.reason,
          platform: loginEvents.platform,
          ipPrefix: loginEvents.ipPrefix,
        })
        .from(loginEvents)
        .where(inRange(organizationId, range))
        .orderBy(desc(loginEvents.at), desc(loginEvents.id))
        .limit(limit);
    },
    async loginCountsOf(organizationId, range) {
      const rows = await db
        .select({
          accountId: loginEvents.accountId,
          successes: sql<number>`count(*) filter (where ${loginEvents.outcome} = 'success')::int`,
          failures: sql<number>`count(*) filter (where ${loginEvents.outcome} = 'failure')::int`,
          lastSuccessAt:
            sql<Date | null>`max(${loginEvents.at}) filter (where ${loginEvents.outcome} = 'success')`.mapWith(
              loginEvents.at,
            ),
        })
        .from(loginEvents)
        .where(inRange(organizationId, range))
        .groupBy(loginEvents.accountId);
      return rows.map((r) => ({
        accountId: r.accountId,
        successes: Number(r.successes),
        failures: Number(r.failures),
        lastSuccessAt: r.lastSuccessAt ?? null,
      }));
    },
  };
}

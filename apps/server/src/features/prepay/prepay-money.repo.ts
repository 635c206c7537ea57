import type { MoneyPrepayFilters } from '@apothecall/domain/backoffice/money-plans.api';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepayProgramEntries, prepayPrograms, prepayTokens } from '../../db/schema/prepay';

/** The program entries that sell visits (money in). */
const sales = ['purchase', 'addFunds'];

export type PrepayProgramRecord = typeof prepayPrograms.$inferSelect;

/** A program's tokens and sales, summed. */
export interface PrepayProgramTotals {
  issued: number;
  used: number;
  left: number;
  visits: number;
  cents: number;
  last: Date | null;
}

/**
 * The back office's read of every prepay program: a page of them, newest first,
 * filtered by brand and pharmacy, how many match, and each one's tokens (issued, used at least
 * once, unused and not deleted) and sales (visits and cents of purchases and added funds, the
 * last one).
 */
export function createPrepayMoneyRepo(db: Db) {
  return {
    async page(
      filters: Pick<MoneyPrepayFilters, 'brand' | 'pharmacy'>,
      offset: number,
      limit: number,
    ): Promise<{ programs: PrepayProgramRecord[]; total: number }> {
      const where = and(
        filters.brand ? eq(prepayPrograms.brandId, filters.brand) : undefined,
        filters.pharmacy ? eq(prepayPrograms.organizationId, filters.pharmacy) : undefined,
      );
      const [programs, counted] = await Promise.all([
        db
          .select()
          .from(prepayPrograms)
          .where(where)
          .orderBy(desc(prepayPrograms.createdAt), desc(prepayPrograms.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(prepayPrograms).where(where),
      ]);
      return { programs, total: Number(counted[0]?.n ?? 0) };
    },

    async totals(ids: readonly string[]): Promise<Map<string, PrepayProgramTotals>> {
      const out = new Map<string, PrepayProgramTotals>();
      if (ids.length === 0) return out;
      const [tokens, sold] = await Promise.all([
        db
          .select({
            programId: prepayTokens.programId,
            issued: sql<number>`count(*)::int`,
            used: sql<number>`count(*) filter (where ${prepayTokens.claimCount} > 0)::int`,
            left: sql<number>`count(*) filter (where ${prepayTokens.deletedAt} is null and ${prepayTokens.state} = 'unclaimed')::int`,
          })
          .from(prepayTokens)
          .where(inArray(prepayTokens.programId, [...ids]))
          .groupBy(prepayTokens.programId),
        db
          .select({
            programId: prepayProgramEntries.programId,
            visits: sql<number>`coalesce(sum(${prepayProgramEntries.visits}), 0)::int`,
            cents: sql<number>`coalesce(sum(${prepayProgramEntries.amountCents}), 0)::int`,
            last: sql<Date | null>`max(${prepayProgramEntries.createdAt})`.mapWith(
              prepayProgramEntries.createdAt,
            ),
          })
          .from(prepayProgramEntries)
          .where(
            and(
              inArray(prepayProgramEntries.programId, [...ids]),
              inArray(prepayProgramEntries.kind, sales),
            ),
          )
          .groupBy(prepayProgramEntries.programId),
      ]);
      for (const id of ids) {
        const t = tokens.find((x) => x.programId === id);
        const s = sold.find((x) => x.programId === id);
        out.set(id, {
          issued: Number(t?.issued ?? 0),
          used: Number(t?.used ?? 0),
          left: Number(t?.left ?? 0),
          visits: Number(s?.visits ?? 0),
          cents: Number(s?.cents ?? 0),
          last: s?.last ?? null,
        });
      }
      return out;
    },
  };
}
export type PrepayMoneyRepo = ReturnType<typeof createPrepayMoneyRepo>;

import type { MoneyFilters } from '@apothecall/domain/backoffice/money.api';
import { and, count, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledger } from '../../db/schema/payments';
import type { LedgerRecord } from './ledger.repo';

/**
 * The back office's reads of the whole ledger: every entry across accounts, filtered
 * and paged, newest first; a charge's refund; a day's entries for reconciliation. Own table only:
 * the brand filter arrives as the brand's account ids (from the accounts port).
 */
export interface MoneyAdminRepo {
  page(
    filters: Omit<MoneyFilters, 'brand' | 'page'>,
    accountIds: readonly string[] | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: LedgerRecord[]; total: number }>;
  /** Which of these charges have a refund that did not fail. */
  refundedAmong(chargeIds: readonly string[]): Promise<Set<string>>;
  byId(id: string): Promise<LedgerRecord | undefined>;
  /** Entries of any account made with this idempotency key. */
  byKey(idempotencyKey: string): Promise<LedgerRecord[]>;
  /** Entries created on this UTC day, oldest first. */
  ofDay(from: Date, to: Date): Promise<LedgerRecord[]>;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export function createMoneyAdminRepo(db: Db): MoneyAdminRepo {
  const select = () => db.select().from(ledger);
  const asRecord = (rows: (typeof ledger.$inferSelect)[]) =>
    rows.map(({ updatedAt: _updated, ...row }) => row as LedgerRecord);
  return {
    async page(filters, accountIds, offset, limit) {
      const where: SQL[] = [];
      if (accountIds) {
        if (accountIds.length === 0) return { rows: [], total: 0 };
        where.push(inArray(ledger.accountId, [...accountIds]));
      }
      if (filters.kind) where.push(eq(ledger.kind, filters.kind));
      if (filters.status) where.push(eq(ledger.state, filters.status));
      if (filters.from) where.push(gte(ledger.createdAt, dayStart(filters.from)));
      if (filters.to) where.push(lt(ledger.createdAt, nextDay(filters.to)));
      if (filters.query) {
        const q = filters.query.toLowerCase();
        const byInvoice = sql`lower(${ledger.invoiceNumber}) = ${q}`;
        where.push(
          /^[0-9a-f]{8}$/.test(q)
            ? (or(byInvoice, sql`${ledger.id}::text like ${`${q}%`}`) as SQL)
            : byInvoice,
        );
      }
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        select()
          .where(condition)
          .orderBy(desc(ledger.createdAt), desc(ledger.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(ledger).where(condition),
      ]);
      return { rows: asRecord(rows), total: Number(total?.n ?? 0) };
    },
    async refundedAmong(chargeIds) {
      if (chargeIds.length === 0) return new Set();
      const rows = await db
        .select({ relatedId: ledger.relatedId })
        .from(ledger)
        .where(
          and(
            eq(ledger.kind, 'refund'),
            ne(ledger.state, 'failed'),
            inArray(ledger.relatedId, [...chargeIds]),
          ),
        );
      return new Set(rows.map((r) => r.relatedId ?? ''));
    },
    async byId(id) {
      const [row] = await select().where(eq(ledger.id, id)).limit(1);
      return row ? asRecord([row])[0] : undefined;
    },
    async byKey(idempotencyKey) {
      return asRecord(await select().where(eq(ledger.idempotencyKey, idempotencyKey)));
    },
    async ofDay(from, to) {
      return asRecord(
        await select()
          .where(and(gte(ledger.createdAt, from), lt(ledger.createdAt, to)))
          .orderBy(ledger.createdAt, ledger.id),
      );
    },
  };
}

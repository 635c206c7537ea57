import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepayAccounts, prepayEntries } from '../../db/schema/payments';
import type { DebitOutcome, PrepayEntryRecord, PrepayMovement } from './payments.port';

export type { DebitOutcome, PrepayEntryRecord, PrepayMovement };

export interface PrepayRepo {
  balance(prepayAccountId: string): Promise<number>;
  /** Takes the amount if the balance holds it, once per idempotency key (in one transaction). */
  debit(movement: PrepayMovement): Promise<DebitOutcome>;
  /** Adds the amount, once per idempotency key. */
  credit(movement: PrepayMovement): Promise<{ entryId: string; balance: number }>;
  entries(prepayAccountId: string, limit: number): Promise<PrepayEntryRecord[]>;
}

class LowBalance extends Error {}

/**
 * Prepay accounts and their movements. The entry row is inserted first under its unique
 * (account, key) index: of concurrent debits with one key exactly one inserts (the others wait
 * on the index, then find it), and only that one moves the balance, with `balance >= amount`
 * checked in the same UPDATE, so a balance never goes below zero.
 */
export function createPrepayRepo(db: Db): PrepayRepo {
  async function existing(prepayAccountId: string, key: string) {
    const [row] = await db
      .select({ id: prepayEntries.id })
      .from(prepayEntries)
      .where(
        and(
          eq(prepayEntries.prepayAccountId, prepayAccountId),
          eq(prepayEntries.idempotencyKey, key),
        ),
      );
    return row;
  }
  async function balance(prepayAccountId: string) {
    const [row] = await db
      .select({ balance: prepayAccounts.balanceCents })
      .from(prepayAccounts)
      .where(eq(prepayAccounts.id, prepayAccountId));
    return row?.balance ?? 0;
  }

  async function move(movement: PrepayMovement, sign: 1 | -1) {
    const amount = Math.abs(Math.trunc(movement.amountCents));
    return db.transaction(async (tx) => {
      await tx
        .insert(prepayAccounts)
        .values({ id: movement.prepayAccountId })
        .onConflictDoNothing();
      const [entry] = await tx
        .insert(prepayEntries)
        .values({
          prepayAccountId: movement.prepayAccountId,
          amountCents: sign * amount,
          kind: movement.kind,
          idempotencyKey: movement.idempotencyKey,
          relatedId: movement.relatedId ?? null,
          description: movement.description ?? '',
        })
        .onConflictDoNothing()
        .returning({ id: prepayEntries.id });
      if (!entry) return undefined;
      const [updated] = await tx
        .update(prepayAccounts)
        .set({ balanceCents: sql`${prepayAccounts.balanceCents} + ${sign * amount}` })
        .where(
          and(
            eq(prepayAccounts.id, movement.prepayAccountId),
            ...(sign < 0 ? [sql`${prepayAccounts.balanceCents} >= ${amount}`] : []),
          ),
        )
        .returning({ balance: prepayAccounts.balanceCents });
      if (!updated) throw new LowBalance();
      return { entryId: entry.id, balance: updated.balance };
    });
  }

  return {
    balance,
    async debit(movement) {
      try {
        const moved = await move(movement, -1);
        if (moved) return { ok: true, ...moved, replayed: false };
      } catch (error) {
        if (error instanceof LowBalance) {
          return {
            ok: false,
            reason: 'lowBalance',
            balance: await balance(movement.prepayAccountId),
          };
        }
        throw error;
      }
      const found = await existing(movement.prepayAccountId, movement.idempotencyKey);
      if (!found) throw new Error('prepay entry vanished after a conflict');
      return {
        ok: true,
        entryId: found.id,
        balance: await balance(movement.prepayAccountId),
        replayed: true,
      };
    },
    async credit(movement) {
      const moved = await move(movement, 1);
      if (moved) return moved;
      const found = await existing(movement.prepayAccountId, movement.idempotencyKey);
      if (!found) throw new Error('prepay entry vanished after a conflict');
      return { entryId: found.id, balance: await balance(movement.prepayAccountId) };
    },
    async entries(prepayAccountId, limit) {
      return db
        .select({
          id: prepayEntries.id,
          amountCents: prepayEntries.amountCents,
          kind: prepayEntries.kind,
          relatedId: prepayEntries.relatedId,
          description: prepayEntries.description,
          createdAt: prepayEntries.createdAt,
        })
        .from(prepayEntries)
        .where(eq(prepayEntries.prepayAccountId, prepayAccountId))
        .orderBy(desc(prepayEntries.createdAt), desc(prepayEntries.id))
        .limit(limit);
    },
  };
}

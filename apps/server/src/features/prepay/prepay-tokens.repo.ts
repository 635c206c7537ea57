import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepayPrograms, prepayTokens } from '../../db/schema/prepay';

export type TokenRecord = typeof prepayTokens.$inferSelect;

export type TokenInsert =
  | { ok: true; token: TokenRecord }
  | { ok: false; reason: 'taken' }
  | { ok: false; reason: 'full'; balance: number; outstanding: number };

/** A program's access tokens: the codes its holder hands out. */
export interface PrepayTokensRepo {
  tokens(programId: string): Promise<TokenRecord[]>;
  /** A live (not deleted) token by its code. */
  token(code: string): Promise<TokenRecord | undefined>;
  /**
   * A new token, in one transaction under the program's row lock: counts the program's unused
   * tokens (unclaimed, not deleted) and refuses (`full`) when they already reach
   * `limit(balance)`, so parallel adds cannot pass the bound. `taken` when the code is in use.
   */
  insertToken(
    token: Pick<TokenRecord, 'programId' | 'code' | 'use' | 'multipleUseIntervalDays' | 'note'>,
    limit: (balance: number) => number,
  ): Promise<TokenInsert>;
  /** Changes an unused token (unclaimed and never claimed). */
  editToken(
    id: string,
    changes: Pick<TokenRecord, 'use' | 'multipleUseIntervalDays' | 'note'>,
  ): Promise<TokenRecord | undefined>;
  deleteToken(id: string, at: Date): Promise<boolean>;
  markSent(
    id: string,
    delivery: { channel: string; to: string },
    at: Date,
  ): Promise<TokenRecord | undefined>;
}

export function createPrepayTokensRepo(db: Db): PrepayTokensRepo {
  return {
    async tokens(programId) {
      return db
        .select()
        .from(prepayTokens)
        .where(and(eq(prepayTokens.programId, programId), isNull(prepayTokens.deletedAt)))
        .orderBy(desc(prepayTokens.createdAt), desc(prepayTokens.id));
    },

    async token(code) {
      const [row] = await db
        .select()
        .from(prepayTokens)
        .where(and(eq(prepayTokens.code, code), isNull(prepayTokens.deletedAt)));
      return row;
    },

    async insertToken(token, limit) {
      return db.transaction(async (tx): Promise<TokenInsert> => {
        const [locked] = await tx
          .select({ balance: prepayPrograms.balance })
          .from(prepayPrograms)
          .where(eq(prepayPrograms.id, token.programId))
          .for('update');
        if (!locked) throw new Error('prepay program vanished');
        const [unused] = await tx
          .select({ outstanding: count() })
          .from(prepayTokens)
          .where(
            and(
              eq(prepayTokens.programId, token.programId),
              eq(prepayTokens.state, 'unclaimed'),
              isNull(prepayTokens.deletedAt),
            ),
          );
        const outstanding = Number(unused?.outstanding ?? 0);
        if (outstanding >= limit(locked.balance)) {
          return { ok: false, reason: 'full', balance: locked.balance, outstanding };
        }
        const [row] = await tx.insert(prepayTokens).values(token).onConflictDoNothing().returning();
        return row ? { ok: true, token: row } : { ok: false, reason: 'taken' };
      });
    },

    async editToken(id, changes) {
      const [row] = await db
        .update(prepayTokens)
        .set(changes)
        .where(
          and(
            eq(prepayTokens.id, id),
            eq(prepayTokens.state, 'unclaimed'),
            eq(prepayTokens.claimCount, 0),
            isNull(prepayTokens.deletedAt),
          ),
        )
        .returning();
      return row;
    },

    async deleteToken(id, at) {
      const rows = await db
        .update(prepayTokens)
        .set({ deletedAt: at })
        .where(
          and(
            eq(prepayTokens.id, id),
            eq(prepayTokens.state, 'unclaimed'),
            eq(prepayTokens.claimCount, 0),
            isNull(prepayTokens.deletedAt),
          ),
        )
        .returning({ id: prepayTokens.id });
      return rows.length > 0;
    },

    async markSent(id, delivery, at) {
      const [row] = await db
        .update(prepayTokens)
        .set({ deliveryChannel: delivery.channel, deliveryTo: delivery.to, sentAt: at })
        .where(eq(prepayTokens.id, id))
        .returning();
      return row;
    },
  };
}

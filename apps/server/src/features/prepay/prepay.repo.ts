import type { Settlement } from '@apothecall/domain/prepay/access-token.rules';
import { lowBalanceNoticedAfter } from '@apothecall/domain/prepay/access-token.rules';
import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  prepayProgramEntries,
  prepayPrograms,
  prepayProgramUsers,
  prepayRedemptions,
  prepayTokens,
} from '../../db/schema/prepay';

export type ProgramRecord = typeof prepayPrograms.$inferSelect;
export type TokenRecord = typeof prepayTokens.$inferSelect;
export type RedemptionRecord = typeof prepayRedemptions.$inferSelect;
export type ProgramEntryRecord = typeof prepayProgramEntries.$inferSelect;
export type ProgramUserRecord = typeof prepayProgramUsers.$inferSelect;

export type NewProgram = Omit<
  typeof prepayPrograms.$inferInsert,
  'id' | 'balance' | 'visitCount' | 'createdAt' | 'updatedAt'
>;
export type ProgramSettingsRecord = Pick<
  ProgramRecord,
  | 'name'
  | 'description'
  | 'rewardAmtCents'
  | 'patientAmtCents'
  | 'priceMsg'
  | 'visitType'
  | 'perAccountLimit'
  | 'reuseIntervalDays'
  | 'lowBalanceLimit'
  | 'reasonRestriction'
  | 'pharmacyRestriction'
  | 'checkoutMessage'
  | 'notifications'
>;

/** What a redemption is decided on, read under the program's row lock. */
export interface RedemptionSnapshot {
  program: ProgramRecord;
  token: TokenRecord | undefined;
  users: ProgramUserRecord[];
  /** Visits taken and not given back, by this account and by this e-mail. */
  accountVisitsUsed: number;
  userVisitsUsed: number;
  /** The person's latest denied visit of the program. */
  lastDeniedAt: Date | null;
}

export interface RedeemInput {
  programId: string;
  tokenId: string | null;
  visitRef: string;
  accountId: string;
  personId: string;
  email: string;
  productId: string;
  at: Date;
}

export type RedeemOutcome<R> =
  | {
      ok: true;
      redemption: RedemptionRecord;
      balanceBefore: number;
      balanceAfter: number;
      /** The program's low-balance flag before this redemption (domain shouldNotifyLowBalance). */
      lowBalanceNoticed: boolean;
      replayed: boolean;
    }
  | { ok: false; refusal: R };

export type TokenInsert =
  | { ok: true; token: TokenRecord }
  | { ok: false; reason: 'taken' }
  | { ok: false; reason: 'full'; balance: number; outstanding: number };

export interface SettleOutcome {
  redemption: RedemptionRecord;
  /** Visits given back to the program (denied or released), and the balance after. */
  credited: boolean;
  balanceBefore: number;
  balanceAfter: number;
}

export interface PrepayRepo {
  /** The program and its first entry, once per (owner, purchase key); a replay finds it. */
  createProgram(
    program: NewProgram,
    purchase: { visits: number; amountCents: number; chargeId: string },
  ): Promise<ProgramRecord>;
  program(id: string): Promise<ProgramRecord | undefined>;
  programByCode(code: string): Promise<ProgramRecord | undefined>;
  programsOf(accountId: string, email: string): Promise<ProgramRecord[]>;
  programsByIds(ids: readonly string[]): Promise<ProgramRecord[]>;
  updateSettings(
    id: string,
    settings: ProgramSettingsRecord,
    at: Date,
  ): Promise<ProgramRecord | undefined>;
  /** Adds visits (added funds), once per key. */
  addVisits(
    programId: string,
    movement: { visits: number; amountCents: number; chargeId: string; key: string },
  ): Promise<ProgramRecord | undefined>;
  users(programId: string): Promise<ProgramUserRecord[]>;
  setUsers(
    programId: string,
    users: readonly { email: string; visitLimit: number }[],
  ): Promise<void>;
  /** Visits taken and not given back, per e-mail. */
  visitsByEmail(programId: string): Promise<Map<string, number>>;
  visitsUsed(programIds: readonly string[]): Promise<Map<string, number>>;
  entries(programId: string, limit: number): Promise<ProgramEntryRecord[]>;
  redemptions(
    programId: string,
    limit: number,
  ): Promise<(RedemptionRecord & { tokenCode: string | null })[]>;
  redemptionsByVisitRefs(
    refs: readonly string[],
  ): Promise<(RedemptionRecord & { tokenCode: string | null; programName: string })[]>;
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
  /**
   * One visit from the program, in one transaction under the program's row lock: the visit's
   * earlier redemption is answered as it is; else `decide` sees a snapshot and refuses, or the
   * token is claimed, the balance drops by one (never below zero) and the entry is written.
   */
  redeem<R>(
    input: RedeemInput,
    decide: (snapshot: RedemptionSnapshot) => R | null,
  ): Promise<RedeemOutcome<R>>;
  /** Moves a claimed visit's redemption (and its token) on; a denial or release gives the visit back. */
  settle(visitRef: string, to: Settlement, at: Date): Promise<SettleOutcome | undefined>;
}

const liveStates = ['claimed', 'claimedWithRx'];

export function createPrepayRepo(db: Db): PrepayRepo {
  async function program(id: string) {
    const [row] = await db.select().from(prepayPrograms).where(eq(prepayPrograms.id, id));
    return row;
  }

  return {
    async createProgram(values, purchase) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(prepayPrograms)
          .values({ ...values, balance: purchase.visits, visitCount: purchase.visits })
          .onConflictDoNothing({
            target: [prepayPrograms.ownerAccountId, prepayPrograms.purchaseKey],
          })
          .returning();
        if (!created) {
          const [found] = await tx
            .select()
            .from(prepayPrograms)
            .where(
              and(
                eq(prepayPrograms.ownerAccountId, values.ownerAccountId),
                eq(prepayPrograms.purchaseKey, values.purchaseKey),
              ),
            );
          if (!found) throw new Error('prepay program vanished after a conflict');
          return found;
        }
        await tx.insert(prepayProgramEntries).values({
          programId: created.id,
          kind: 'purchase',
          visits: purchase.visits,
          amountCents: purchase.amountCents,
          chargeId: purchase.chargeId,
          idempotencyKey: `purchase:${values.purchaseKey}`,
          balanceAfter: created.balance,
        });
        return created;
      });
    },

    program,

    async programByCode(code) {
      const [row] = await db.select().from(prepayPrograms).where(eq(prepayPrograms.code, code));
      return row;
    },

    async programsOf(accountId, email) {
      const authorized = db
        .select({ id: prepayProgramUsers.programId })
        .from(prepayProgramUsers)
        .where(eq(prepayProgramUsers.email, email.toLowerCase()));
      return db
        .select()
        .from(prepayPrograms)
        .where(
          sql`${prepayPrograms.ownerAccountId} = ${accountId} or ${prepayPrograms.id} in ${authorized}`,
        )
        .orderBy(desc(prepayPrograms.createdAt));
    },

    async programsByIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(prepayPrograms)
        .where(inArray(prepayPrograms.id, [...ids]));
    },

    async updateSettings(id, settings, at) {
      const [row] = await db
        .update(prepayPrograms)
        .set({ ...settings, updatedAt: at })
        .where(eq(prepayPrograms.id, id))
        .returning();
      return row;
    },

    async addVisits(programId, movement) {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(prepayPrograms)
          .where(eq(prepayPrograms.id, programId))
          .for('update');
        if (!locked) return undefined;
        const [entry] = await tx
          .insert(prepayProgramEntries)
          .values({
            programId,
            kind: 'addFunds',
            visits: movement.visits,
            amountCents: movement.amountCents,
            chargeId: movement.chargeId,
            idempotencyKey: `funds:${movement.key}`,
            balanceAfter: locked.balance + movement.visits,
          })
          .onConflictDoNothing()
          .returning({ id: prepayProgramEntries.id });
        if (!entry) return locked;
        const [updated] = await tx
          .update(prepayPrograms)
          .set({
            balance: sql`${prepayPrograms.balance} + ${movement.visits}`,
            visitCount: sql`${prepayPrograms.visitCount} + ${movement.visits}`,
          })
          .where(eq(prepayPrograms.id, programId))
          .returning();
        return updated;
      });
    },

    async users(programId) {
      return db
        .select()
        .from(prepayProgramUsers)
        .where(eq(prepayProgramUsers.programId, programId))
        .orderBy(asc(prepayProgramUsers.email));
    },

    async setUsers(programId, users) {
      await db.transaction(async (tx) => {
        // One replacement at a time per program (the redemptions lock the same row): two at once
        // would each delete nothing the other wrote and insert the same e-mails twice.
        await tx
          .select({ id: prepayPrograms.id })
          .from(prepayPrograms)
          .where(eq(prepayPrograms.id, programId))
          .for('update');
        await tx.delete(prepayProgramUsers).where(eq(prepayProgramUsers.programId, programId));
        if (users.length > 0) {
          await tx.insert(prepayProgramUsers).values(
            users.map((u) => ({
              programId,
              email: u.email.toLowerCase(),
              visitLimit: u.visitLimit,
            })),
          );
        }
      });
    },

    async visitsByEmail(programId) {
      const rows = await db
        .select({ email: prepayRedemptions.email, used: count() })
        .from(prepayRedemptions)
        .where(
          and(
            eq(prepayRedemptions.programId, programId),
            inArray(prepayRedemptions.state, liveStates),
          ),
        )
        .groupBy(prepayRedemptions.email);
      return new Map(rows.map((r) => [r.email, Number(r.used)]));
    },

    async visitsUsed(programIds) {
      if (programIds.length === 0) return new Map();
      const rows = await db
        .select({ programId: prepayRedemptions.programId, used: count() })
        .from(prepayRedemptions)
        .where(
          and(
            inArray(prepayRedemptions.programId, [...programIds]),
            inArray(prepayRedemptions.state, liveStates),
          ),
        )
        .groupBy(prepayRedemptions.programId);
      return new Map(rows.map((r) => [r.programId, Number(r.used)]));
    },

    async entries(programId, limit) {
      return db
        .select()
        .from(prepayProgramEntries)
        .where(eq(prepayProgramEntries.programId, programId))
        .orderBy(desc(prepayProgramEntries.createdAt), desc(prepayProgramEntries.id))
        .limit(limit);
    },

    async redemptions(programId, limit) {
      const rows = await db
        .select({ redemption: prepayRedemptions, tokenCode: prepayTokens.code })
        .from(prepayRedemptions)
        .leftJoin(prepayTokens, eq(prepayTokens.id, prepayRedemptions.tokenId))
        .where(eq(prepayRedemptions.programId, programId))
        .orderBy(desc(prepayRedemptions.createdAt))
        .limit(limit);
      return rows.map((r) => ({ ...r.redemption, tokenCode: r.tokenCode }));
    },

    async redemptionsByVisitRefs(refs) {
      if (refs.length === 0) return [];
      const rows = await db
        .select({
          redemption: prepayRedemptions,
          tokenCode: prepayTokens.code,
          programName: prepayPrograms.name,
        })
        .from(prepayRedemptions)
        .innerJoin(prepayPrograms, eq(prepayPrograms.id, prepayRedemptions.programId))
        .leftJoin(prepayTokens, eq(prepayTokens.id, prepayRedemptions.tokenId))
        .where(inArray(prepayRedemptions.visitRef, [...refs]));
      return rows.map((r) => ({
        ...r.redemption,
        tokenCode: r.tokenCode,
        programName: r.programName,
      }));
    },

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

    async redeem(input, decide) {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(prepayPrograms)
          .where(eq(prepayPrograms.id, input.programId))
          .for('update');
        if (!locked) throw new Error('prepay program vanished');
        const [earlier] = await tx
          .select()
          .from(prepayRedemptions)
          .where(eq(prepayRedemptions.visitRef, input.visitRef));
        if (earlier) {
          return {
            ok: true as const,
            redemption: earlier,
            balanceBefore: locked.balance,
            balanceAfter: locked.balance,
            lowBalanceNoticed: locked.lowBalanceNoticed,
            replayed: true,
          };
        }
        const [token] = input.tokenId
          ? await tx
              .select()
              .from(prepayTokens)
              .where(eq(prepayTokens.id, input.tokenId))
              .for('update')
          : [undefined];
        const used = (where: ReturnType<typeof eq>) =>
          tx
            .select({ used: count() })
            .from(prepayRedemptions)
            .where(
              and(
                eq(prepayRedemptions.programId, input.programId),
                inArray(prepayRedemptions.state, liveStates),
                where,
              ),
            );
        // One after another: a transaction is one connection, which runs one query at a time
        // (node-postgres deprecates queueing a query behind a running one).
        const [account] = await used(eq(prepayRedemptions.accountId, input.accountId));
        const [user] = await used(eq(prepayRedemptions.email, input.email.toLowerCase()));
        const [denied] = await tx
          .select({ at: max(prepayRedemptions.settledAt) })
          .from(prepayRedemptions)
          .where(
            and(
              eq(prepayRedemptions.programId, input.programId),
              eq(prepayRedemptions.personId, input.personId),
              eq(prepayRedemptions.state, 'denied'),
            ),
          );
        const users = await tx
          .select()
          .from(prepayProgramUsers)
          .where(eq(prepayProgramUsers.programId, input.programId));
        const refusal = decide({
          program: locked,
          token,
          users,
          accountVisitsUsed: Number(account?.used ?? 0),
          userVisitsUsed: Number(user?.used ?? 0),
          lastDeniedAt: denied?.at ?? null,
        });
        if (refusal !== null) return { ok: false as const, refusal };
        if (token) {
          await tx
            .update(prepayTokens)
            .set({
              state: 'claimed',
              claimCount: sql`${prepayTokens.claimCount} + 1`,
              firstClaimedAt: token.firstClaimedAt ?? input.at,
              deniedAt: null,
            })
            .where(eq(prepayTokens.id, token.id));
        }
        const [redemption] = await tx
          .insert(prepayRedemptions)
          .values({
            programId: input.programId,
            tokenId: token?.id ?? null,
            visitRef: input.visitRef,
            accountId: input.accountId,
            personId: input.personId,
            email: input.email.toLowerCase(),
            productId: input.productId,
            state: 'claimed',
            createdAt: input.at,
          })
          .returning();
        if (!redemption) throw new Error('prepay redemption not written');
        const [after] = await tx
          .update(prepayPrograms)
          .set({
            balance: sql`${prepayPrograms.balance} - 1`,
            lowBalanceNoticed: lowBalanceNoticedAfter(locked.balance - 1, locked.lowBalanceLimit),
          })
          .where(eq(prepayPrograms.id, input.programId))
          .returning({ balance: prepayPrograms.balance });
        const balanceAfter = after?.balance ?? locked.balance - 1;
        await tx.insert(prepayProgramEntries).values({
          programId: input.programId,
          kind: 'visit',
          visits: -1,
          redemptionId: redemption.id,
          idempotencyKey: `visit:${input.visitRef}`,
          balanceAfter,
          createdAt: input.at,
        });
        return {
          ok: true as const,
          redemption,
          balanceBefore: locked.balance,
          balanceAfter,
          lowBalanceNoticed: locked.lowBalanceNoticed,
          replayed: false,
        };
      });
    },

    async settle(visitRef, to, at) {
      return db.transaction(async (tx) => {
        const [redemption] = await tx
          .select()
          .from(prepayRedemptions)
          .where(eq(prepayRedemptions.visitRef, visitRef));
        if (!redemption) return undefined;
        const [locked] = await tx
          .select()
          .from(prepayPrograms)
          .where(eq(prepayPrograms.id, redemption.programId))
          .for('update');
        if (!locked) return undefined;
        // A denial may follow a written prescription (refunded later); nothing leaves denied
        // or released, and a prescription is written once.
        const from = to === 'denied' ? liveStates : ['claimed'];
        const [moved] = await tx
          .update(prepayRedemptions)
          .set({ state: to, settledAt: at })
          .where(
            and(eq(prepayRedemptions.id, redemption.id), inArray(prepayRedemptions.state, from)),
          )
          .returning();
        if (!moved) {
          return {
            redemption,
            credited: false,
            balanceBefore: locked.balance,
            balanceAfter: locked.balance,
          };
        }
        if (moved.tokenId) {
          await tx
            .update(prepayTokens)
            .set(
              to === 'claimedWithRx'
                ? { state: 'claimedWithRx' }
                : to === 'denied'
                  ? { state: 'denied', deniedAt: at }
                  : // Released: the token was never used for care; back to where it was.
                    {
                      state: sql`case when ${prepayTokens.claimCount} > 1 then 'claimedWithRx' else 'unclaimed' end`,
                      claimCount: sql`${prepayTokens.claimCount} - 1`,
                    },
            )
            .where(eq(prepayTokens.id, moved.tokenId));
        }
        if (to === 'claimedWithRx') {
          return {
            redemption: moved,
            credited: false,
            balanceBefore: locked.balance,
            balanceAfter: locked.balance,
          };
        }
        const [after] = await tx
          .update(prepayPrograms)
          .set({ balance: sql`${prepayPrograms.balance} + 1` })
          .where(eq(prepayPrograms.id, locked.id))
          .returning({ balance: prepayPrograms.balance });
        const balanceAfter = after?.balance ?? locked.balance + 1;
        await tx
          .insert(prepayProgramEntries)
          .values({
            programId: locked.id,
            kind: to === 'denied' ? 'creditBack' : 'release',
            visits: 1,
            redemptionId: moved.id,
            idempotencyKey: `back:${visitRef}`,
            balanceAfter,
            createdAt: at,
          })
          .onConflictDoNothing();
        return { redemption: moved, credited: true, balanceBefore: locked.balance, balanceAfter };
      });
    },
  };
}

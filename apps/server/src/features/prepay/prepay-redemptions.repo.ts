import type { Settlement } from '@apothecall/domain/prepay/access-token.rules';
import { lowBalanceNoticedAfter } from '@apothecall/domain/prepay/access-token.rules';
import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  prepayProgramEntries,
  prepayPrograms,
  prepayProgramUsers,
  prepayRedemptions,
  prepayTokens,
} from '../../db/schema/prepay';
import type { ProgramRecord, ProgramUserRecord } from './prepay-programs.repo';
import type { TokenRecord } from './prepay-tokens.repo';

export type RedemptionRecord = typeof prepayRedemptions.$inferSelect;

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

export interface SettleOutcome {
  redemption: RedemptionRecord;
  /** Visits given back to the program (denied or released), and the balance after. */
  credited: boolean;
  balanceBefore: number;
  balanceAfter: number;
}

/** The visits taken from programs: redemptions, their settlement and their counts. */
export interface PrepayRedemptionsRepo {
  /** Visits taken and not given back, per e-mail. */
  visitsByEmail(programId: string): Promise<Map<string, number>>;
  visitsUsed(programIds: readonly string[]): Promise<Map<string, number>>;
  redemptions(
    programId: string,
    limit: number,
  ): Promise<(RedemptionRecord & { tokenCode: string | null })[]>;
  redemptionsByVisitRefs(
    refs: readonly string[],
  ): Promise<(RedemptionRecord & { tokenCode: string | null; programName: string })[]>;
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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const liveStates = ['claimed', 'claimedWithRx'];

/** What `decide` sees, read in the redemption's transaction after the program's row lock. */
async function readSnapshot(
  tx: Tx,
  input: RedeemInput,
  locked: ProgramRecord,
  token: TokenRecord | undefined,
): Promise<RedemptionSnapshot> {
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
  return {
    program: locked,
    token,
    users,
    accountVisitsUsed: Number(account?.used ?? 0),
    userVisitsUsed: Number(user?.used ?? 0),
    lastDeniedAt: denied?.at ?? null,
  };
}

/** Claims the token, writes the redemption, takes one visit from the balance and its entry. */
async function claimVisit(
  tx: Tx,
  input: RedeemInput,
  locked: ProgramRecord,
  token: TokenRecord | undefined,
) {
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
  return { redemption, balanceAfter };
}

export function createPrepayRedemptionsRepo(db: Db): PrepayRedemptionsRepo {
  return {
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
        const refusal = decide(await readSnapshot(tx, input, locked, token));
        if (refusal !== null) return { ok: false as const, refusal };
        const { redemption, balanceAfter } = await claimVisit(tx, input, locked, token);
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

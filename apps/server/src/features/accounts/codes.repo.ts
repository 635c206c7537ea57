import { and, desc, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/accounts';

export interface CodeRecord {
  id: string;
  accountId: string;
  expiresAt: Date;
  usedAt: Date | null;
  cancelledAt: Date | null;
  /** Where it went ('email', 'sms'), or what it keeps (a pending login's client). */
  channel: string | null;
}

/** An open reusable code as its owner may see it (never its hash). */
export interface OpenCodeRecord {
  id: string;
  channel: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
}

/**
 * One-time and reusable codes of an account (the accounts area's one_time_codes): sign-in and
 * reset codes, two-factor codes and pending logins, known devices, biometric credentials.
 */
export interface CodesRepo {
  insertCode(input: {
    accountId: string;
    purpose: string;
    codeHash: string;
    channel: string | null;
    expiresAt: Date;
  }): Promise<void>;
  /** A code by purpose and hash; with `accountId`, only that account's open codes. */
  findCode(purpose: string, codeHash: string, accountId?: string): Promise<CodeRecord | undefined>;
  /** Marks a code used if it still is usable at `at`; false when another request got there first. */
  useCode(id: string, at: Date): Promise<boolean>;
  cancelCode(id: string, at: Date): Promise<void>;
  /** Ends every open code of a purpose for the account (a new one replaces them). */
  cancelOpenCodes(accountId: string, purpose: string, at: Date): Promise<void>;
  /** The account's open codes of a purpose at `at` (its devices' credentials), newest first. */
  listOpenCodes(accountId: string, purpose: string, at: Date): Promise<OpenCodeRecord[]>;
  /** One open code of the account by its id (not its hash), or undefined. */
  findOpenCodeById(
    accountId: string,
    purpose: string,
    id: string,
  ): Promise<OpenCodeRecord | undefined>;
  /** A reusable code was used (a biometric login): its last use, `at`. */
  touchCode(id: string, at: Date): Promise<void>;
  /** Ends the oldest open codes of a purpose beyond the newest `keep` (the account's devices). */
  retireOldestCodes(accountId: string, purpose: string, keep: number, at: Date): Promise<void>;
  /** Deletes codes (sign-in, reset, known-device) that expired before `before`; how many. */
  pruneCodes(before: Date): Promise<number>;
}

const openCodeColumns = {
  id: oneTimeCodes.id,
  channel: oneTimeCodes.channel,
  createdAt: oneTimeCodes.createdAt,
  lastUsedAt: oneTimeCodes.lastUsedAt,
  expiresAt: oneTimeCodes.expiresAt,
};

export function createCodesRepo(db: Db): CodesRepo {
  return {
    async insertCode(input) {
      await db.insert(oneTimeCodes).values(input);
    },
    async findCode(purpose, codeHash, accountId) {
      const [row] = await db
        .select({
          id: oneTimeCodes.id,
          accountId: oneTimeCodes.accountId,
          expiresAt: oneTimeCodes.expiresAt,
          usedAt: oneTimeCodes.usedAt,
          cancelledAt: oneTimeCodes.cancelledAt,
          channel: oneTimeCodes.channel,
        })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.purpose, purpose),
            eq(oneTimeCodes.codeHash, codeHash),
            ...(accountId
              ? [
                  eq(oneTimeCodes.accountId, accountId),
                  isNull(oneTimeCodes.usedAt),
                  isNull(oneTimeCodes.cancelledAt),
                ]
              : []),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row;
    },
    async useCode(id, at) {
      const rows = await db
        .update(oneTimeCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(oneTimeCodes.id, id),
            isNull(oneTimeCodes.usedAt),
            isNull(oneTimeCodes.cancelledAt),
            gt(oneTimeCodes.expiresAt, at),
          ),
        )
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },
    async cancelCode(id, at) {
      await db
        .update(oneTimeCodes)
        .set({ cancelledAt: at })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.cancelledAt)));
    },
    async pruneCodes(before) {
      const rows = await db
        .delete(oneTimeCodes)
        .where(lt(oneTimeCodes.expiresAt, before))
        .returning({ id: oneTimeCodes.id });
      return rows.length;
    },
    async cancelOpenCodes(accountId, purpose, at) {
      await db
        .update(oneTimeCodes)
        .set({ cancelledAt: at })
        .where(
          and(
            eq(oneTimeCodes.accountId, accountId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.usedAt),
            isNull(oneTimeCodes.cancelledAt),
          ),
        );
    },
    async listOpenCodes(accountId, purpose, at) {
      return db
        .select(openCodeColumns)
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.accountId, accountId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.usedAt),
            isNull(oneTimeCodes.cancelledAt),
            gt(oneTimeCodes.expiresAt, at),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id));
    },
    async findOpenCodeById(accountId, purpose, id) {
      const [row] = await db
        .select(openCodeColumns)
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.id, id),
            eq(oneTimeCodes.accountId, accountId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.usedAt),
            isNull(oneTimeCodes.cancelledAt),
          ),
        )
        .limit(1);
      return row;
    },
    async touchCode(id, at) {
      await db.update(oneTimeCodes).set({ lastUsedAt: at }).where(eq(oneTimeCodes.id, id));
    },
    async retireOldestCodes(accountId, purpose, keep, at) {
      const open = and(
        eq(oneTimeCodes.accountId, accountId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.cancelledAt),
      );
      const older = await db
        .select({ id: oneTimeCodes.id })
        .from(oneTimeCodes)
        .where(open)
        .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
        .offset(keep);
      if (older.length === 0) return;
      await db
        .update(oneTimeCodes)
        .set({ cancelledAt: at })
        .where(
          and(
            open,
            inArray(
              oneTimeCodes.id,
              older.map((row) => row.id),
            ),
          ),
        );
    },
  };
}

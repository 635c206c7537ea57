import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/platform';

export interface SessionRow {
  id: string;
  accountId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface SessionsRepo {
  insert(row: {
    accountId: string;
    tokenHash: string;
    platform: string;
    version: string;
    now: Date;
    expiresAt: Date;
    passwordProvenAt: Date | null;
  }): Promise<string>;
  findByTokenHash(tokenHash: string): Promise<SessionRow | undefined>;
  /** Several at once (one statement); each found row with its token hash. */
  findByTokenHashes(
    tokenHashes: readonly string[],
  ): Promise<(SessionRow & { tokenHash: string })[]>;
  touch(id: string, at: Date): Promise<void>;
  /** The platform a session logged in from and when it last proved the password. */
  proofOf(id: string): Promise<SessionProof | undefined>;
  setPasswordProven(id: string, at: Date): Promise<void>;
  /** Ends a live session; its account when it was live (undefined when already ended). */
  revoke(id: string, at: Date, reason: string): Promise<string | undefined>;
  /** Whether the account has a session not revoked, not expired and seen since `activeSince`. */
  hasLive(accountId: string, at: Date, activeSince: Date): Promise<boolean>;
  revokeAllForAccount(
    accountId: string,
    at: Date,
    reason: string,
    exceptId?: string,
  ): Promise<void>;
}

export interface SessionProof {
  platform: string;
  passwordProvenAt: Date | null;
}

const sessionColumns = {
  id: sessions.id,
  accountId: sessions.accountId,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
};

export function createSessionsRepo(db: Db): SessionsRepo {
  // Every authenticated request runs this: prepared once (named, so PostgreSQL plans it once
  // per connection) instead of built by the query builder each time.
  const byTokenHash = db
    .select(sessionColumns)
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash');
  return {
    async insert(row) {
      const [inserted] = await db
        .insert(sessions)
        .values({
          accountId: row.accountId,
          tokenHash: row.tokenHash,
          platform: row.platform,
          version: row.version,
          createdAt: row.now,
          lastSeenAt: row.now,
          expiresAt: row.expiresAt,
          passwordProvenAt: row.passwordProvenAt,
        })
        .returning({ id: sessions.id });
      if (!inserted) throw new Error('session insert returned nothing');
      return inserted.id;
    },
    async findByTokenHash(tokenHash) {
      const [row] = await byTokenHash.execute({ tokenHash });
      return row;
    },
    async findByTokenHashes(tokenHashes) {
      return db
        .select({ ...sessionColumns, tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(inArray(sessions.tokenHash, [...tokenHashes]));
    },
    async touch(id, at) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    async proofOf(id) {
      const [row] = await db
        .select({ platform: sessions.platform, passwordProvenAt: sessions.passwordProvenAt })
        .from(sessions)
        .where(eq(sessions.id, id))
        .limit(1);
      return row;
    },
    async setPasswordProven(id, at) {
      await db.update(sessions).set({ passwordProvenAt: at }).where(eq(sessions.id, id));
    },
    async revoke(id, at, reason) {
      const [row] = await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .returning({ accountId: sessions.accountId });
      return row?.accountId;
    },
    async hasLive(accountId, at, activeSince) {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.accountId, accountId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, at),
            gt(sessions.lastSeenAt, activeSince),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async revokeAllForAccount(accountId, at, reason, exceptId) {
      const scope = exceptId
        ? and(eq(sessions.accountId, accountId), ne(sessions.id, exceptId))
        : eq(sessions.accountId, accountId);
      await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(scope, isNull(sessions.revokedAt)));
    },
  };
}

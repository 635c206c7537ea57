import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/platform';

/** A session as the back office lists it: never its token or the token's hash. */
export interface SessionListing {
  platform: string;
  version: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** An account's sessions, newest first, at most `limit`. */
export function createSessionListRepo(db: Db) {
  return {
    async ofAccount(accountId: string, limit: number): Promise<SessionListing[]> {
      return db
        .select({
          platform: sessions.platform,
          version: sessions.version,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
        })
        .from(sessions)
        .where(eq(sessions.accountId, accountId))
        .orderBy(desc(sessions.createdAt))
        .limit(limit);
    },
  };
}
export type SessionListRepo = ReturnType<typeof createSessionListRepo>;

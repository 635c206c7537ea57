import { createHash, randomBytes } from 'node:crypto';
import type { SessionProof, SessionRow, SessionsRepo } from './sessions.repo';

/**
 * Opaque session tokens: 256 random bits, handed to the client once and stored only as their
 * SHA-256. A session ends when idle longer than `idleSeconds`, at its absolute lifetime, or on
 * logout/revocation. Activity is written at most every `touchEverySeconds` (a few seconds)
 * so a busy client does not write on every request; the idle check can therefore fire at most
 * that many seconds early, never late.
 */
export interface SessionPolicy {
  idleSeconds: number;
  maxHours: number;
}

export type ResolvedSession =
  | { ok: true; sessionId: string; accountId: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'idle' | 'expired' };

export interface SessionsService {
  /** `passwordProven`: the login proved the password (not a biometric login). */
  create(
    accountId: string,
    client: { platform: string; version: string; passwordProven?: boolean },
  ): Promise<{
    token: string;
    sessionId: string;
    expiresAt: Date;
  }>;
  /** `touch: false` checks without counting as activity (a server-side re-check). */
  resolve(token: string, options?: { touch?: boolean }): Promise<ResolvedSession>;
  /** The platform the session logged in from and when it last proved the password. */
  proofOf(sessionId: string): Promise<SessionProof | undefined>;
  /** The session proved the password again (a re-entered password), now. */
  passwordProven(sessionId: string): Promise<void>;
  revoke(sessionId: string, reason: string): Promise<void>;
  /** Whether the account still has a live session (not revoked, expired or idle). */
  hasLiveSession(accountId: string): Promise<boolean>;
  /**
   * Told of each request or socket event that counted as activity (a resolve that touches),
   * with its account: presence follows it. Listeners must not throw.
   */
  onActive(listener: (accountId: string) => void): void;
  revokeAllForAccount(accountId: string, reason: string, exceptSessionId?: string): Promise<void>;
  /**
   * Called after a revocation (logout, password change, account removal), so open real-time
   * connections of that session are closed too.
   */
  /**
   * Told when sessions end. A listener may answer a promise: a revocation (logout, password
   * change or reset, removal) completes only once every listener's work is done, so nothing the
   * account held (its meet links) still works when the revoking request answers.
   */
  onRevoked(listener: (revoked: RevokedSessions) => void | Promise<void>): void;
}

export type RevokedSessions =
  | { kind: 'session'; sessionId: string; accountId?: string }
  | { kind: 'account'; accountId: string; exceptSessionId?: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function createSessionsService(deps: {
  repo: SessionsRepo;
  policy: SessionPolicy;
  now?: () => Date;
}): SessionsService {
  const now = deps.now ?? (() => new Date());
  const idleMs = deps.policy.idleSeconds * 1000;
  const touchEveryMs = Math.min(5_000, idleMs / 10);
  const revokedListeners: ((revoked: RevokedSessions) => void | Promise<void>)[] = [];
  const activeListeners: ((accountId: string) => void)[] = [];
  const tell = async (revoked: RevokedSessions) => {
    await Promise.all(revokedListeners.map(async (listener) => listener(revoked)));
  };

  // Lookups while one is in flight wait and go together in one statement when it returns: no
  // cache (each answer is read after its request arrived), one statement for a burst of
  // requests or socket handshakes instead of one each.
  type Waiter = { hash: string; done: (row: SessionRow | undefined, error?: unknown) => void };
  let inFlight = false;
  let waiting: Waiter[] = [];
  const lookup = (hash: string): Promise<SessionRow | undefined> =>
    new Promise((resolve, reject) => {
      waiting.push({ hash, done: (row, error) => (error ? reject(error) : resolve(row)) });
      if (!inFlight) void drain();
    });
  const drain = async (): Promise<void> => {
    inFlight = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, 500);
      waiting = waiting.slice(batch.length);
      try {
        if (batch.length === 1 && batch[0]) {
          batch[0].done(await deps.repo.findByTokenHash(batch[0].hash));
        } else {
          const rows = await deps.repo.findByTokenHashes([...new Set(batch.map((w) => w.hash))]);
          const byHash = new Map(rows.map((r) => [r.tokenHash, r]));
          for (const w of batch) w.done(byHash.get(w.hash));
        }
      } catch (error) {
        for (const w of batch) w.done(undefined, error ?? new Error('session lookup failed'));
      }
    }
    inFlight = false;
  };

  return {
    async create(accountId, client) {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + deps.policy.maxHours * 3_600_000);
      const sessionId = await deps.repo.insert({
        accountId,
        tokenHash: hashToken(token),
        platform: client.platform,
        version: client.version,
        now: at,
        expiresAt,
        passwordProvenAt: client.passwordProven ? at : null,
      });
      return { token, sessionId, expiresAt };
    },

    async resolve(token, options = {}) {
      if (!tokenPattern.test(token)) return { ok: false, reason: 'unknown' };
      const row = await lookup(hashToken(token));
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revokedAt) return { ok: false, reason: 'revoked' };
      const at = now();
      if (at.getTime() >= row.expiresAt.getTime()) {
        await deps.repo.revoke(row.id, at, 'expired');
        await tell({ kind: 'session', sessionId: row.id, accountId: row.accountId });
        return { ok: false, reason: 'expired' };
      }
      if (at.getTime() - row.lastSeenAt.getTime() > idleMs) {
        await deps.repo.revoke(row.id, at, 'idle');
        await tell({ kind: 'session', sessionId: row.id, accountId: row.accountId });
        return { ok: false, reason: 'idle' };
      }
      if (options.touch !== false && at.getTime() - row.lastSeenAt.getTime() >= touchEveryMs) {
        await deps.repo.touch(row.id, at);
      }
      if (options.touch !== false) for (const listener of activeListeners) listener(row.accountId);
      return { ok: true, sessionId: row.id, accountId: row.accountId };
    },

    async proofOf(sessionId) {
      return deps.repo.proofOf(sessionId);
    },
    async passwordProven(sessionId) {
      await deps.repo.setPasswordProven(sessionId, now());
    },
    async revoke(sessionId, reason) {
      const accountId = await deps.repo.revoke(sessionId, now(), reason);
      await tell(
        accountId ? { kind: 'session', sessionId, accountId } : { kind: 'session', sessionId },
      );
    },
    async hasLiveSession(accountId) {
      const at = now();
      return deps.repo.hasLive(accountId, at, new Date(at.getTime() - idleMs));
    },
    onActive(listener) {
      activeListeners.push(listener);
    },
    async revokeAllForAccount(accountId, reason, exceptSessionId) {
      await deps.repo.revokeAllForAccount(accountId, now(), reason, exceptSessionId);
      await tell(
        exceptSessionId
          ? { kind: 'account', accountId, exceptSessionId }
          : { kind: 'account', accountId },
      );
    },
    onRevoked(listener) {
      revokedListeners.push(listener);
    },
  };
}

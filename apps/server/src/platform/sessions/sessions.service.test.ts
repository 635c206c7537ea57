import { describe, expect, it } from 'vitest';
import type { SessionRow, SessionsRepo } from './sessions.repo';
import { createSessionsService, hashToken } from './sessions.service';

function memoryRepo() {
  const rows = new Map<
    string,
    SessionRow & { tokenHash: string; platform: string; passwordProvenAt: Date | null }
  >();
  let touches = 0;
  const lookups: number[] = [];
  const repo: SessionsRepo = {
    async insert(row) {
      const id = `s${rows.size + 1}`;
      rows.set(id, {
        id,
        accountId: row.accountId,
        tokenHash: row.tokenHash,
        createdAt: row.now,
        lastSeenAt: row.now,
        expiresAt: row.expiresAt,
        revokedAt: null,
        platform: row.platform,
        passwordProvenAt: row.passwordProvenAt,
      });
      return id;
    },
    async findByTokenHash(hash) {
      lookups.push(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [...rows.values()].find((r) => r.tokenHash === hash);
    },
    async findByTokenHashes(hashes) {
      lookups.push(hashes.length);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [...rows.values()].filter((r) => hashes.includes(r.tokenHash));
    },
    async touch(id, at) {
      touches++;
      const row = rows.get(id);
      if (row) row.lastSeenAt = at;
    },
    async proofOf(id) {
      const row = rows.get(id);
      return row && { platform: row.platform, passwordProvenAt: row.passwordProvenAt };
    },
    async setPasswordProven(id, at) {
      const row = rows.get(id);
      if (row) row.passwordProvenAt = at;
    },
    async revoke(id, at) {
      const row = rows.get(id);
      if (!row || row.revokedAt) return undefined;
      row.revokedAt = at;
      return row.accountId;
    },
    async hasLive(accountId, at, activeSince) {
      return [...rows.values()].some(
        (r) =>
          r.accountId === accountId &&
          !r.revokedAt &&
          r.expiresAt > at &&
          r.lastSeenAt > activeSince,
      );
    },
    async revokeAllForAccount(accountId, at, _reason, exceptId) {
      for (const row of rows.values()) {
        if (row.accountId === accountId && row.id !== exceptId && !row.revokedAt)
          row.revokedAt = at;
      }
    },
  };
  return { repo, rows, touchCount: () => touches, lookups };
}

describe('sessions service', () => {
  const start = new Date('2026-11-22T10:00:00Z');

  function setup(policy = { idleSeconds: 900, maxHours: 12 }) {
    let clock = start.getTime();
    const mem = memoryRepo();
    const service = createSessionsService({
      repo: mem.repo,
      policy,
      now: () => new Date(clock),
    });
    return { service, mem, advance: (ms: number) => (clock += ms) };
  }

  it("answers a revocation only once its listeners' work is done (an account's meet links)", async () => {
    const { service } = setup();
    await service.create('a1', { platform: 'web', version: '1' });
    const order: string[] = [];
    service.onRevoked(async (revoked) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`listener done: ${revoked.kind}`);
    });
    await service.revokeAllForAccount('a1', 'password-change');
    order.push('revocation answered');
    expect(order).toEqual(['listener done: account', 'revocation answered']);
  });

  it('records the password proof of a password login, none of a biometric one, and a new one when told', async () => {
    const { service, advance } = setup();
    const byPassword = await service.create('a1', {
      platform: 'cordova-ios',
      version: '1',
      passwordProven: true,
    });
    const byBiometrics = await service.create('a1', { platform: 'cordova-ios', version: '1' });
    expect(await service.proofOf(byPassword.sessionId)).toEqual({
      platform: 'cordova-ios',
      passwordProvenAt: start,
    });
    expect(await service.proofOf(byBiometrics.sessionId)).toEqual({
      platform: 'cordova-ios',
      passwordProvenAt: null,
    });
    advance(60_000);
    await service.passwordProven(byBiometrics.sessionId);
    expect((await service.proofOf(byBiometrics.sessionId))?.passwordProvenAt).toEqual(
      new Date(start.getTime() + 60_000),
    );
  });

  it('issues 256-bit tokens and stores only their hash', async () => {
    const { service, mem } = setup();
    const { token } = await service.create('a1', { platform: 'web', version: '1' });
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = [...mem.rows.values()][0];
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify([...mem.rows.values()])).not.toContain(token);
  });

  it('keeps a session alive while used and ends it when idle past the limit', async () => {
    const { service, advance } = setup();
    const { token } = await service.create('a1', { platform: 'web', version: '1' });
    advance(14 * 60_000);
    expect(await service.resolve(token)).toMatchObject({ ok: true, accountId: 'a1' });
    advance(14 * 60_000);
    expect(await service.resolve(token)).toMatchObject({ ok: true });
    advance(15 * 60_000 + 1);
    expect(await service.resolve(token)).toEqual({ ok: false, reason: 'idle' });
    expect(await service.resolve(token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('ends a session at its absolute lifetime even when active', async () => {
    const { service, advance } = setup({ idleSeconds: 900, maxHours: 1 });
    const { token } = await service.create('a1', { platform: 'web', version: '1' });
    for (let i = 0; i < 5; i++) {
      advance(10 * 60_000);
      expect(await service.resolve(token)).toMatchObject({ ok: true });
    }
    advance(10 * 60_000);
    expect(await service.resolve(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('writes activity at most every few seconds', async () => {
    const { service, mem, advance } = setup();
    const { token } = await service.create('a1', { platform: 'web', version: '1' });
    for (let i = 0; i < 10; i++) {
      advance(100);
      await service.resolve(token);
    }
    expect(mem.touchCount()).toBe(0);
    advance(5_000);
    await service.resolve(token);
    expect(mem.touchCount()).toBe(1);
  });

  it('refuses unknown and malformed tokens', async () => {
    const { service } = setup();
    expect(await service.resolve('nope')).toEqual({ ok: false, reason: 'unknown' });
    expect(await service.resolve('A'.repeat(43))).toEqual({ ok: false, reason: 'unknown' });
  });

  it('revokes every session of an account except the one kept', async () => {
    const { service } = setup();
    const one = await service.create('a1', { platform: 'web', version: '1' });
    const two = await service.create('a1', { platform: 'web', version: '1' });
    await service.revokeAllForAccount('a1', 'password-change', one.sessionId);
    expect(await service.resolve(one.token)).toMatchObject({ ok: true });
    expect(await service.resolve(two.token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('looks a burst of sessions up together, each answer its own', async () => {
    const { service, mem } = setup();
    const tokens = await Promise.all(
      ['a1', 'a2', 'a3', 'a4'].map((a) => service.create(a, { platform: 'web', version: '1' })),
    );
    await service.revoke(tokens[2]?.sessionId ?? '', 'logout');
    const unknown = 'x'.repeat(43);
    const answers = await Promise.all([
      ...tokens.map((t) => service.resolve(t.token)),
      service.resolve(unknown),
      service.resolve(tokens[0]?.token ?? ''),
    ]);
    expect(answers.map((a) => (a.ok ? a.accountId : a.reason))).toEqual([
      'a1',
      'a2',
      'revoked',
      'a4',
      'unknown',
      'a1',
    ]);
    // The first went alone; the five that came while it was in flight went in one statement.
    expect(mem.lookups).toEqual([1, 5]);
  });
});

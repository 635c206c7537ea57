import { describe, expect, it } from 'vitest';
import { type AuditEntry, createAuditService } from './audit.service';

/** A repo that records each INSERT it is asked for; `refuse` names actions it fails on. */
function recordingRepo(refuse: string[] = []) {
  const statements: AuditEntry[][] = [];
  return {
    statements,
    rows: () => statements.flat(),
    async insertMany(entries: readonly AuditEntry[]) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (entries.some((e) => refuse.includes(e.action))) throw new Error('refused');
      statements.push([...entries]);
    },
  };
}

const who = { accountId: 'a1', ip: '203.0.113.9', requestId: 'req-00000001' };

describe('audit group commit', () => {
  it('writes concurrent rows in a few statements, each resolving once written', async () => {
    const repo = recordingRepo();
    const audit = createAuditService(repo);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        audit.record(who, 'profile.read', { accountId: 'a1' }, { n: i }),
      ),
    );
    expect(repo.rows()).toHaveLength(50);
    expect(repo.rows().map((r) => r.detail?.n)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(repo.statements.length).toBeLessThanOrEqual(2);
  });

  it('keeps when each row happened, not when its batch was written', async () => {
    const repo = recordingRepo();
    let clock = 1_000;
    const tick = () => {
      clock += 1000;
      return new Date(clock);
    };
    const audit = createAuditService(repo, { now: tick });
    await Promise.all([
      audit.record(who, 'one', null),
      audit.denied(who, 'two', null),
      audit.failed(who, 'three', null),
    ]);
    expect(repo.rows().map((r) => [r.action, r.outcome, r.at.getTime()])).toEqual([
      ['one', 'success', 2000],
      ['two', 'denied', 3000],
      ['three', 'failure', 4000],
    ]);
  });

  it('fails only the row that cannot be written, the rest of its batch still lands', async () => {
    const repo = recordingRepo(['bad']);
    const audit = createAuditService(repo);
    const results = await Promise.allSettled([
      audit.record(who, 'good.1', null),
      audit.record(who, 'bad', null),
      audit.record(who, 'good.2', null),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(repo.rows().map((r) => r.action)).toEqual(['good.1', 'good.2']);
  });

  it('never holds more than maxBatch rows in one statement', async () => {
    const repo = recordingRepo();
    const audit = createAuditService(repo, { maxBatch: 4 });
    await Promise.all(Array.from({ length: 10 }, () => audit.record(who, 'x', null)));
    expect(repo.statements.map((s) => s.length).every((n) => n <= 4)).toBe(true);
    expect(repo.rows()).toHaveLength(10);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, demo, startTestApp, type TestApp } from '../../../test/harness';
import { accounts, oneTimeCodes } from '../../db/schema/accounts';
import { createAccountsRepo } from './accounts.repo';
import { codeRetentionMs, pruneCodesJob } from './codes-prune.job';

/** Long-expired one-time codes (sign-in, reset, known device) are deleted by a daily job. */
describe.each(databaseKinds)('pruning one-time codes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('deletes codes expired over a week ago, keeps the rest, and is scheduled daily', async () => {
    const db = t.database.db;
    const [patient] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.loginId, demo.patient));
    if (!patient) throw new Error('no demo patient');
    const now = new Date('2026-11-24T03:17:00Z');
    const day = 24 * 60 * 60_000;
    const expiring = {
      'device-old': new Date(now.getTime() - codeRetentionMs - day),
      'reset-old': new Date(now.getTime() - codeRetentionMs - 1),
      'reset-recent': new Date(now.getTime() - day),
      'device-live': new Date(now.getTime() + 30 * day),
    };
    for (const [codeHash, expiresAt] of Object.entries(expiring)) {
      await db.insert(oneTimeCodes).values({
        accountId: patient.id,
        purpose: codeHash.startsWith('device') ? 'device' : 'reset',
        codeHash,
        expiresAt,
      });
    }
    const pruned: number[] = [];
    const job = pruneCodesJob({
      pruneCodes: (before) => createAccountsRepo(db).pruneCodes(before),
      now: () => now,
      onPruned: (count) => pruned.push(count),
    });
    await job.handler({}, { id: 'run-1', attempt: 1, signal: new AbortController().signal });
    const left = await db
      .select({ codeHash: oneTimeCodes.codeHash })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.accountId, patient.id));
    expect(left.map((r) => r.codeHash).sort()).toEqual(['device-live', 'reset-recent']);
    expect(pruned).toEqual([2]);
    // A second run finds nothing and says nothing.
    await job.handler({}, { id: 'run-2', attempt: 1, signal: new AbortController().signal });
    expect(pruned).toEqual([2]);

    const { rows } = await t.database.raw.query(
      'select cron from pgboss.schedule where name = $1',
      ['accounts.pruneCodes'],
    );
    expect(rows).toEqual([{ cron: '17 3 * * *' }]);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase, unpackPgliteTemplate } from '../../../test/harness';
import { type Database, openDatabase } from '../../db/client';
import { createJobs, type JobOptions, type Jobs } from './jobs';
import { paymentReconcileJob } from './payment-reconcile.job';

/**
 * The job queue on both databases: a job runs once across two instances, a
 * failing job retries and lands in the dead-letter state, and a job scheduled before a restart
 * runs after it. Timings are never asserted: the tests wait (bounded) for what the database says.
 */
type TestPayloads = {
  'test.count': { n: number };
  'test.fail': { n: number };
  'test.later': { n: number };
};

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const quick: JobOptions = {
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 60,
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

function newJobs(database: Database, instanceName: string): Jobs<TestPayloads> {
  const jobs = createJobs<TestPayloads>({
    database,
    logger: silent,
    instanceName,
    pollIntervalSeconds: 0.5,
  });
  cleanups.push(() => jobs.stop({ graceMs: 1000 }));
  return jobs;
}

async function until(what: string, condition: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Jobs of a name by state, from pg-boss's own table. */
async function states(database: Database, name: string): Promise<Record<string, number>> {
  const { rows } = await database.raw.query(
    'select state::text as state, count(*)::int as count from pgboss.job where name = $1 group by state',
    [name],
  );
  return Object.fromEntries(rows.map((r) => [String(r.state), Number(r.count)]));
}

describe.each(databaseKinds)('background jobs on %s', (kind) => {
  it('runs each of many jobs exactly once across two instances on one database', async () => {
    const { database, dispose } = await openTestDatabase(kind);
    cleanups.push(dispose);
    const runs = new Map<number, number>();
    const byInstance = { a: 0, b: 0 };
    const instance = (label: 'a' | 'b') => {
      const jobs = newJobs(database, `test-${label}`);
      jobs.define(
        'test.count',
        async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          byInstance[label] += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
        { ...quick, concurrency: 3 },
      );
      return jobs;
    };
    // Two instances (on PostgreSQL, two pools: two processes' worth), started together, so the
    // queue's tables are also installed by two at once.
    const a = instance('a');
    const b = instance('b');
    await Promise.all([a.start(), b.start()]);

    const total = 40;
    const ids = await Promise.all(
      Array.from({ length: total }, (_, n) => (n % 2 === 0 ? a : b).send('test.count', { n })),
    );
    expect(new Set(ids).size).toBe(total);
    await until('every job completed', async () => {
      return (await states(database, 'test.count')).completed === total;
    });

    expect(runs.size).toBe(total);
    expect([...runs.values()].filter((count) => count !== 1)).toEqual([]);
    expect(byInstance.a + byInstance.b).toBe(total);
  });

  it('retries a failing job with backoff, then dead-letters it where operators can see it', async () => {
    const { database, dispose } = await openTestDatabase(kind);
    cleanups.push(dispose);
    const attempts: number[] = [];
    const jobs = newJobs(database, 'test-fail');
    jobs.define(
      'test.fail',
      async (_payload, { attempt }) => {
        attempts.push(attempt);
        throw new Error('provider refused +1 305 555 0142 for nora@example.test');
      },
      // Backoff doubles from 1 s; the ceiling keeps the test short without changing the count.
      {
        retryLimit: 2,
        retryDelaySeconds: 1,
        retryBackoff: true,
        retryDelayMaxSeconds: 1,
        expireInSeconds: 30,
      },
    );
    await jobs.start();
    const id = await jobs.send('test.fail', { n: 7 });

    await until('the job dead-lettered', async () => (await jobs.deadLetters()).length === 1);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await states(database, 'test.fail')).toEqual({ failed: 1 });
    const [dead] = await jobs.deadLetters();
    expect(dead).toMatchObject({ job: 'test.fail', jobId: id, payload: { n: 7 }, attempts: 3 });
    // What the dead-letter state keeps of the error: no stack, no contact details.
    expect(dead?.error).toBe('provider refused [number] for [address]');
    // Only what could carry the error's text: ids and times are random and may hold '555'.
    expect(JSON.stringify({ error: dead?.error, payload: dead?.payload })).not.toMatch(
      /nora|555|at .*jobs\.ts/,
    );

    // An operator's redrive puts it back on its queue, where it fails on (and is tried again).
    expect(await jobs.redrive([dead!.id])).toBe(1);
    await until('the redriven job ran', () => attempts.length > 3);
    expect(attempts[3]).toBe(1);
  });

  it('runs a job scheduled before a restart after the restart', async () => {
    // PGlite restarts from its files (as `npm start` does); PostgreSQL reconnects with new pools.
    let dataDir: string | undefined;
    let first: Database;
    let reopen: () => Promise<Database>;
    if (kind === 'pglite') {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-jobs-'));
      dataDir = dir;
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      // Migrated already (the run's template), so the test waits on the restart, not on initdb.
      await unpackPgliteTemplate(dir, 'migrated');
      first = await openDatabase({ kind: 'pglite', dataDir: dir });
      await first.migrate();
      reopen = () => openDatabase({ kind: 'pglite', dataDir: dir });
    } else {
      const opened = await openTestDatabase(kind);
      cleanups.push(opened.dispose);
      first = opened.database;
      const raw = first.raw;
      if (raw.kind !== 'postgres') throw new Error('expected PostgreSQL');
      reopen = () => openDatabase({ kind: 'postgres', url: raw.connectionString });
    }

    const ran: { n: number; by: string }[] = [];
    const define = (jobs: Jobs<TestPayloads>, by: string) =>
      jobs.define(
        'test.later',
        async ({ n }) => {
          ran.push({ n, by });
        },
        quick,
      );

    const before = newJobs(first, 'before-restart');
    define(before, 'before');
    await before.start();
    const id = await before.send('test.later', { n: 1 }, { delaySeconds: 2 });
    expect(id).not.toBeNull();
    await before.stop({ graceMs: 1000 });
    if (dataDir) await first.close();

    const second = await reopen();
    cleanups.push(() => second.close());
    const after = newJobs(second, 'after-restart');
    define(after, 'after');
    await after.start();
    await until('the job ran after the restart', () => ran.length > 0);
    expect(ran).toEqual([{ n: 1, by: 'after' }]);
    await until('the job completed', async () => {
      return (await states(second, 'test.later')).completed === 1;
    });
  });

  it('runs payment reconciliation on a stored schedule, one run at a time in all instances', async () => {
    const { database, dispose } = await openTestDatabase(kind);
    cleanups.push(dispose);
    let running = 0;
    let most = 0;
    let calls = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reconcile = async () => {
      calls += 1;
      running += 1;
      most = Math.max(most, running);
      await held;
      running -= 1;
      return { succeeded: 0, failed: 0 };
    };
    const instances = ['a', 'b'].map((label) => {
      const jobs = createJobs({
        database,
        logger: silent,
        instanceName: label,
        pollIntervalSeconds: 0.5,
      });
      cleanups.push(() => jobs.stop({ graceMs: 1000 }));
      jobs.register(paymentReconcileJob({ reconcile, everySeconds: 60 }));
      return jobs;
    });
    const [a, b] = instances as [Jobs, Jobs];
    await Promise.all([a.start(), b.start()]);
    const { rows } = await database.raw.query(
      'select cron, timezone from pgboss.schedule where name = $1',
      ['payments.reconcile'],
    );
    expect(rows).toEqual([{ cron: '* * * * *', timezone: 'UTC' }]);

    // (The schedule may have queued this minute's run already; then this send is dropped.)
    await a.send('payments.reconcile', {});
    await until('a run started', () => calls >= 1);
    // While it runs, neither instance can queue another.
    expect(await a.send('payments.reconcile', {})).toBeNull();
    expect(await b.send('payments.reconcile', {})).toBeNull();
    release();
    await until('nothing queued or running', async () => {
      const now = await states(database, 'payments.reconcile');
      return (now.completed ?? 0) >= 1 && !now.created && !now.retry && !now.active;
    });
    expect(most).toBe(1);
  });

  it('drops a second send with the same idempotency key', async () => {
    const { database, dispose } = await openTestDatabase(kind);
    cleanups.push(dispose);
    const jobs = newJobs(database, 'test-idempotent');
    jobs.define('test.later', async () => undefined, quick);
    await jobs.start();
    const options = { idempotencyKey: 'outbox:42', delaySeconds: 600 };
    const first = await jobs.send('test.later', { n: 42 }, options);
    expect(first).not.toBeNull();
    expect(await jobs.send('test.later', { n: 42 }, options)).toBeNull();
    expect(await states(database, 'test.later')).toEqual({ created: 1 });
  });
});

describe('the PGlite adapter', () => {
  it("rolls a failed transaction block back before the app's next statement runs", async () => {
    // From the run's migrated template: no initdb of its own.
    const { database, dispose } = await openTestDatabase('pglite');
    cleanups.push(dispose);
    const raw = database.raw;
    if (raw.kind !== 'pglite') throw new Error('expected PGlite');
    await raw.exec('create table t (id int primary key)');
    // A block like pg-boss's locked() ones that fails half-way, with an app query queued behind it.
    const failing = raw.exec('BEGIN; insert into t values (1); insert into t values (1); COMMIT;');
    const queued = raw.query('select count(*)::int as n from t');
    await expect(failing).rejects.toThrow(/duplicate key/);
    expect((await queued).rows).toEqual([{ n: 0 }]);
  });
});

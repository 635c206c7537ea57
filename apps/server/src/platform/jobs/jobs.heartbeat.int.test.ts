import pg from 'pg';
import { type Db, PgBoss } from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import { createJobs, type JobOptions } from './jobs';
import { pgliteAdapter } from './jobs-helpers';

/**
 * A job held by a process that died (issue 38, item 4): its worker stops beating, and a live
 * process's supervise pass fails it and works it again, long before its `expireInSeconds`. The
 * dying process is a second pg-boss on the same database whose connection is cut (every statement
 * refused from then on), so it neither beats nor settles the job: what a SIGKILL leaves behind.
 * Intervals are made short through options; no time is asserted: the test waits (bounded) for
 * what the database says.
 */
type TestPayloads = { 'test.held': { n: number } };
const name = 'test.held';
const heartbeatSeconds = 10;
const held: JobOptions = {
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: false,
  // Far longer than the test: only the heartbeat can fail the run.
  expireInSeconds: 600,
  heartbeatSeconds,
};

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function until(what: string, condition: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface JobRow {
  state: string;
  retryCount: number;
  beaten: boolean;
  activeLongerThanHeartbeat: boolean;
}
async function jobRow(database: Database, id: string): Promise<JobRow | undefined> {
  const { rows } = await database.raw.query(
    `select state::text as state, retry_count as "retryCount",
       heartbeat_on > started_on as beaten,
       started_on < pgboss.job_now() - make_interval(secs => heartbeat_seconds + 3)
         as "activeLongerThanHeartbeat"
     from pgboss.job where name = $1 and id = $2`,
    [name, id],
  );
  return rows[0] as JobRow | undefined;
}

/** A database connection that can be cut: from `cut()` on, every statement is refused. */
function cuttable(database: Database): { db: Db; cut: () => void; close: () => Promise<void> } {
  const raw = database.raw;
  let cutOff = false;
  let inner: Db;
  let close = async (): Promise<void> => undefined;
  if (raw.kind === 'pglite') inner = pgliteAdapter(raw);
  else {
    const pool = new pg.Pool({ connectionString: raw.connectionString, max: 2 });
    inner = { executeSql: (text, values) => pool.query(text, values) };
    close = () => pool.end();
  }
  return {
    db: {
      executeSql: (text, values) =>
        cutOff ? Promise.reject(new Error('connection lost')) : inner.executeSql(text, values),
    },
    cut: () => {
      cutOff = true;
    },
    close,
  };
}

describe.each(databaseKinds)('a job whose process died, on %s', (kind) => {
  it('is failed once its heartbeat stops and run again by a live process, within its retries', async () => {
    const { database, dispose } = await openTestDatabase(kind);
    cleanups.push(dispose);
    const survivorRuns: number[] = [];
    const survivor = createJobs<TestPayloads>({
      database,
      logger: silent,
      instanceName: 'survivor',
      pollIntervalSeconds: 0.5,
      superviseSeconds: 1,
    });
    survivor.define(
      name,
      async (_payload, { attempt }) => {
        survivorRuns.push(attempt);
      },
      held,
    );
    // Installs the queue with the facade's settings (its heartbeat among them), then steps aside
    // so the job goes to the process that will die.
    await survivor.start();
    await survivor.stop({ graceMs: 1000 });

    const connection = cuttable(database);
    const dying = new PgBoss({
      db: connection.db,
      ...(kind === 'pglite' ? { backend: 'pglite' as const } : {}),
      supervise: false,
      schedule: false,
      migrate: false,
    });
    dying.on('error', () => undefined);
    dying.on('warning', () => undefined);
    let release: () => void = () => undefined;
    const never = new Promise<void>((resolve) => {
      release = resolve;
    });
    const dyingRuns: number[] = [];
    cleanups.push(async () => {
      release();
      await dying.stop({ graceful: false, close: false }).catch(() => undefined);
      await connection.close();
    });
    await dying.start();
    await dying.work(
      name,
      { pollingIntervalSeconds: 0.5, heartbeatRefreshSeconds: heartbeatSeconds / 4 },
      async ([job]) => {
        dyingRuns.push((job?.retryCount ?? 0) + 1);
        await never;
      },
    );
    const id = await dying.send(name, { n: 1 });
    if (!id) throw new Error('the job was not queued');
    await until('the dying process took the job', () => dyingRuns.length === 1);

    // While that process lives its run beats, and the survivor's supervise passes (every second)
    // leave it alone, past its heartbeat time.
    cleanups.push(() => survivor.stop({ graceMs: 1000 }));
    await survivor.start();
    await until('the held run outlived its heartbeat time', async () => {
      return (await jobRow(database, id))?.activeLongerThanHeartbeat === true;
    });
    expect(await jobRow(database, id)).toMatchObject({
      state: 'active',
      retryCount: 0,
      beaten: true,
    });
    expect(survivorRuns).toEqual([]);

    // The process dies: no beat, no settling. The survivor fails the run and works the job again.
    connection.cut();
    await until(
      'the job completed',
      async () => (await jobRow(database, id))?.state === 'completed',
    );
    expect(dyingRuns).toEqual([1]);
    expect(survivorRuns).toEqual([2]);
    expect(await jobRow(database, id)).toMatchObject({ retryCount: 1 });
    expect(await survivor.deadLetters()).toEqual([]);
  }, 120_000);
});

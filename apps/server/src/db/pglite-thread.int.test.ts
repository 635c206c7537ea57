import { afterEach, describe, expect, it } from 'vitest';
import { type PgliteThread, startPgliteThread } from './pglite-thread';

describe('the embedded database in its own thread', () => {
  let thread: PgliteThread | undefined;
  afterEach(async () => {
    await thread?.close();
    thread = undefined;
  });

  it('keeps a transaction together while other statements wait, and rolls back on a throw', async () => {
    const lost: Error[] = [];
    thread = await startPgliteThread({ settings: [], onLost: (e) => lost.push(e) });
    const { client } = thread;
    await client.exec('create table t (n int primary key)');
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await client.transaction(async (tx) => {
      await tx.query('insert into t values ($1)', [1]);
      // Sent while the transaction holds the connection: it runs after the commit.
      outside = client.query('select count(*)::int as n from t').then((r) => {
        order.push(`outside saw ${JSON.stringify(r.rows)}`);
      });
      await tx.query('insert into t values ($1)', [2]);
      order.push('inside done');
    });
    await outside;
    expect(order).toEqual(['inside done', 'outside saw [{"n":2}]']);

    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into t values (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(
      (await client.query('select n from t order by n', [], { rowMode: 'array' })).rows,
    ).toEqual([[1], [2]]);
    expect(lost).toEqual([]);
  });

  it("answers PostgreSQL's errors with their fields, and delivers NOTIFY to listeners", async () => {
    thread = await startPgliteThread({ settings: [] });
    const { client } = thread;
    await client.exec('create table u (n int primary key)');
    await client.query('insert into u values (1)');
    const failed = await client.query('insert into u values (1)').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ code: '23505', constraint: 'u_pkey', table: 'u' });

    const heard: string[] = [];
    const stop = await thread.listen('news', (payload) => heard.push(payload));
    await client.query("select pg_notify('news', 'hello')");
    await stop();
    await client.query("select pg_notify('news', 'unheard')");
    expect(heard).toEqual(['hello']);
  });

  it('sends each kind of parameter as PostgreSQL reads it, on either path', async () => {
    thread = await startPgliteThread({ settings: [] });
    const { client } = thread;
    await client.exec(
      'create table v (b boolean, i int, n bigint, f float8, t text, j jsonb, at timestamptz, a int[])',
    );
    const insert = 'insert into v values ($1, $2, $3, $4, $5, $6, $7, $8)';
    // Strings, numbers, bigints, booleans and nulls: one call into PostgreSQL.
    await client.query(insert, [true, 7, 9007199254740993n, 1.5, 'x', '{"k":1}', null, null]);
    // An object, a date and an array: PGlite's query(), which serializes them by type.
    const at = new Date('2026-01-02T03:04:05.000Z');
    await client.query(insert, [false, null, null, null, null, { k: 2 }, at, [1, 2]]);
    const { rows } = await client.query('select * from v order by b desc');
    expect(rows).toEqual([
      { b: true, i: 7, n: 9007199254740993n, f: 1.5, t: 'x', j: { k: 1 }, at: null, a: null },
      { b: false, i: null, n: null, f: null, t: null, j: { k: 2 }, at, a: [1, 2] },
    ]);
    // drizzle's shape: rows as arrays, timestamps left as text.
    const shaped = await client.query('select at from v where b = $1', [false], {
      rowMode: 'array',
      parsers: { 1184: (value: string) => value },
    });
    expect(shaped.rows).toEqual([['2026-01-02 03:04:05+00']]);
    expect((await client.query('update v set i = $1', [1])).affectedRows).toBe(2);

    // A failing statement inside a transaction rolls it back and says why.
    const failed = await client
      .transaction(async (tx) => {
        await tx.query('insert into v (i) values ($1)', [3]);
        await tx.query('insert into v (i) values ($1)', ['not a number']);
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '22P02' });
    expect((await client.query('select count(*)::int as n from v')).rows).toEqual([{ n: 2 }]);
  });

  it('fails the calls in flight and every later one when the worker dies, and says so once', async () => {
    const lost: Error[] = [];
    const dying = await startPgliteThread({ settings: [], onLost: (e) => lost.push(e) });
    // In flight, but waiting in the worker's JavaScript (for the open transaction's lock), not
    // running in WebAssembly: a worker terminated in the middle of a WebAssembly call once took
    // the whole test process down with it (SIGTRAP, from V8), which is not what this test asks.
    let inFlight: Promise<unknown> = Promise.resolve();
    let sent = false;
    await dying.client
      .transaction(async (tx) => {
        await tx.query('select 1');
        inFlight = dying.client.query('select 2');
        sent = true;
        // Messages arrive in order: once this answers, the outside query has reached the worker
        // and waits there behind this transaction.
        await tx.query('select 3');
        await dying.kill();
      })
      .catch(() => undefined);
    expect(sent).toBe(true);
    await expect(inFlight).rejects.toThrow(/embedded database's worker/);
    await expect(dying.client.query('select 1')).rejects.toThrow(/embedded database's worker/);
    expect(lost).toHaveLength(1);
  });
});

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

  it('fails the calls in flight and every later one when the worker dies, and says so once', async () => {
    const lost: Error[] = [];
    const dying = await startPgliteThread({ settings: [], onLost: (e) => lost.push(e) });
    const inFlight = dying.client.query('select pg_sleep(2)');
    await dying.kill();
    await expect(inFlight).rejects.toThrow(/embedded database's worker/);
    await expect(dying.client.query('select 1')).rejects.toThrow(/embedded database's worker/);
    expect(lost).toHaveLength(1);
  });
});

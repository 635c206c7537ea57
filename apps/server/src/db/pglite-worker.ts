// The embedded database's own thread: it owns the PGlite instance (PostgreSQL compiled to
// WebAssembly, whose every statement runs synchronously on the thread that calls it) and answers
// the server's messages (pglite-thread.ts), so that the server's event loop never runs a query.
// Run as a worker_threads worker, from sources (Node strips the types) or as dist/pglite-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, type Results, type Transaction } from '@electric-sql/pglite';
import type { ErrorData, QueryShape, Reply, Request, WorkerStart } from './pglite-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const start = workerData as WorkerStart;

/** Thrown into PGlite's transaction callback to have it roll back. */
const rollback = Symbol('rollback');

const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void }>();
const ended = new Map<number, Promise<void>>();
const subscriptions = new Map<number, () => Promise<void>>();
let nextTransaction = 1;

function post(reply: Reply, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(reply, transfer);
}

/** The error's name, message and PostgreSQL's fields (code, detail, constraint, ...). */
function errorData(error: unknown): ErrorData {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // queryOptions holds functions (the caller's parsers); they do not cross threads.
    if (key === 'queryOptions' || typeof value === 'function') continue;
    if (key === 'params' && Array.isArray(value)) fields[key] = value;
    else if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value))
      fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

const keepText = (value: string) => value;

function queryOptions(shape: QueryShape) {
  return {
    ...(shape.rowMode ? { rowMode: shape.rowMode } : {}),
    ...(shape.textTypes?.length
      ? { parsers: Object.fromEntries(shape.textTypes.map((oid) => [oid, keepText])) }
      : {}),
  };
}

/** Fields that cross the thread (a result's `blob` is for COPY, which the server does not use). */
function plain(result: Results): Results {
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

type Primitive = string | number | bigint | boolean | null | undefined;
const primitive = (value: unknown): value is Primitive =>
  value === null || ['string', 'number', 'bigint', 'boolean', 'undefined'].includes(typeof value);

/**
 * One statement in one call into PostgreSQL: Parse, Bind, Describe, Execute and Sync sent
 * together. PGlite's own `query()` makes six calls (it first asks the parameters' types, to
 * serialize each by its type), each through its JavaScript protocol layer; with parameters that
 * are all strings, numbers, booleans or null, their text is the same whatever the type (as
 * node-postgres sends them), so that first question is not needed. Other parameters (objects,
 * arrays, dates, bytes) go through `query()`. The same locks as `query()`: outside a transaction
 * it waits for any transaction to end.
 */
async function statement(
  db: PGlite,
  text: string,
  params: Primitive[],
  shape: QueryShape,
  inTransaction: boolean,
): Promise<Results> {
  const { serialize } = protocol;
  const parts = [
    serialize.parse({ text }),
    serialize.bind({
      values: params.map((v) => (v === null || v === undefined ? null : String(v))),
    }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ];
  const message = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  const run = async () => {
    const { messages } = await db.execProtocol(message, { syncToFs: !inTransaction });
    const [result] = parse.parseResults(messages, db.parsers, queryOptions(shape));
    return result ?? { rows: [], fields: [] };
  };
  return inTransaction
    ? await db._runExclusiveQuery(run)
    : await db._runExclusiveTransaction(() => db._runExclusiveQuery(run));
}

async function query(db: PGlite, request: Extract<Request, { op: 'query' }>): Promise<Results> {
  const { text, params, shape, tx } = request;
  if (params.every(primitive)) return await statement(db, text, params, shape, tx !== undefined);
  return await target(db, tx).query(text, params, queryOptions(shape));
}

function target(db: PGlite, tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return db;
  const found = open.get(tx);
  if (!found) throw new Error(`no open transaction ${tx}`);
  return found.tx;
}

async function begin(db: PGlite): Promise<number> {
  const id = nextTransaction++;
  return await new Promise<number>((began, failed) => {
    const done = db
      .transaction(
        (tx) =>
          new Promise<void>((commit, abort) => {
            open.set(id, {
              tx,
              finish: (yes) => (yes ? commit() : abort(rollback)),
            });
            began(id);
          }),
      )
      .then(
        () => undefined,
        (error: unknown) => {
          if (error !== rollback) throw error;
        },
      );
    ended.set(id, done);
    // BEGIN itself failed: the callback never ran.
    done.catch(failed);
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const found = open.get(id);
  const done = ended.get(id);
  if (!found || !done) throw new Error(`no open transaction ${id}`);
  open.delete(id);
  ended.delete(id);
  found.finish(commit);
  await done;
}

async function run(
  db: PGlite,
  request: Request,
): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'query':
      if (request.tx !== undefined) target(db, request.tx);
      return { value: plain(await query(db, request)) };
    case 'exec':
      return {
        value: (await target(db, request.tx).exec(request.text, queryOptions(request.shape))).map(
          plain,
        ),
      };
    case 'execLocked':
      return {
        value: (await db.transaction(async (tx) => await tx.exec(request.text))).map(plain),
      };
    case 'begin':
      return { value: await begin(db) };
    case 'end':
      await end(request.tx, request.commit);
      return { value: undefined };
    case 'listen': {
      const subscription = request.subscription;
      const stop = await db.listen(request.channel, (payload) =>
        post({ kind: 'notify', subscription, payload }),
      );
      subscriptions.set(subscription, stop);
      return { value: undefined };
    }
    case 'unlisten': {
      const stop = subscriptions.get(request.subscription);
      subscriptions.delete(request.subscription);
      await stop?.();
      return { value: undefined };
    }
    case 'dump': {
      const bytes = await (await db.dumpDataDir('none')).arrayBuffer();
      return { value: bytes, transfer: [bytes] };
    }
    case 'close':
      await db.close();
      return { value: undefined };
  }
}

async function main(): Promise<void> {
  const options = {
    startParams: [...PGlite.defaultStartParams, ...start.settings.flatMap((s) => ['-c', s])],
    ...(start.wasmModule ? { pgliteWasmModule: start.wasmModule } : {}),
  };
  let db: PGlite;
  try {
    db = start.dataDir
      ? await PGlite.create(start.dataDir, options)
      : await PGlite.create({
          ...options,
          ...(start.snapshot ? { loadDataDir: new Blob([start.snapshot]) } : {}),
        });
  } catch (error) {
    post({ kind: 'failed', error: errorData(error) });
    return;
  }
  port?.on('message', (request: Request) => {
    run(db, request).then(
      ({ value, transfer }) => {
        post({ kind: 'done', id: request.id, value }, transfer);
        if (request.op === 'close') port.close();
      },
      (error: unknown) => post({ kind: 'error', id: request.id, error: errorData(error) }),
    );
  });
  post({ kind: 'ready' });
}

await main();

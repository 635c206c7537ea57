import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorData, QueryShape, Reply, Request, WorkerStart } from './pglite-protocol';

/**
 * The server's side of the embedded database's thread (pglite-worker.ts). PGlite runs each
 * statement synchronously on the thread that calls it, so on the server's own thread every query
 * stopped the event loop for its whole length (a slow report stopped every request and socket
 * message behind it). Here a worker_threads worker owns the instance and this side sends it
 * messages.
 *
 * `client` stands in for the PGlite instance where drizzle's PGlite driver wants one (query, exec,
 * transaction); a transaction keeps its statements together because the worker runs them inside
 * PGlite's own transaction, which holds PGlite's one connection (other statements queue behind
 * it, as they did in process). When the worker dies, every call in flight and every later call
 * rejects, and `onLost` is told once.
 */
export interface PgliteThread {
  readonly client: PgliteLike;
  /** A block of statements; one that opens with BEGIN runs under PGlite's transaction lock. */
  execLocked(text: string): Promise<PgliteResults[]>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dump(): Promise<Blob>;
  /** Closes the database and waits for the worker to end. */
  close(): Promise<void>;
  /** Stops the worker at once, as a crash would (tests). */
  kill(): Promise<void>;
}

export interface PgliteResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** PGlite's query options as drizzle passes them: a row mode and parsers that keep text. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

export interface PgliteQueries {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<PgliteResults>;
  exec(text: string, options?: QueryOptions): Promise<PgliteResults[]>;
}

export interface PgliteLike extends PgliteQueries {
  transaction<T>(callback: (tx: PgliteTransactionLike) => Promise<T>): Promise<T>;
}

export interface PgliteTransactionLike extends PgliteQueries {
  readonly closed: boolean;
  rollback(): Promise<void>;
}

/** The worker stopped (crashed, killed, out of memory): the database is gone for this process. */
export class EmbeddedDatabaseLost extends Error {
  override name = 'EmbeddedDatabaseLost';
}

/** Thrown into a transaction's callback by `rollback()`, as PGlite's own transactions do. */
class RolledBack extends Error {
  override name = 'RolledBack';
}

/**
 * The worker module next to this one: pglite-worker.ts when running from sources (tsx, vitest;
 * Node strips the types), dist/pglite-worker.js in the built server, whose bundle (dist/main.js)
 * is then this module's URL.
 */
export function pgliteWorkerModule(): string {
  const file = import.meta.url.endsWith('.ts') ? 'pglite-worker.ts' : 'pglite-worker.js';
  return fileURLToPath(new URL(`./${file}`, import.meta.url));
}

let compiled: Promise<WebAssembly.Module> | undefined;
// The global exists in Node; the server's type library (ES2024, no DOM) declares only its types.
const wasm = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
  }
).WebAssembly;

/** pglite.wasm, compiled once per process and shared by every worker (the tests open many). */
function pgliteWasm(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return await wasm.compile(await readFile(path.join(path.dirname(entry), 'pglite.wasm')));
  })();
  return compiled;
}

function rebuilt(data: ErrorData): Error {
  const error = new Error(data.message);
  Object.assign(error, data.fields);
  error.name = data.name;
  return error;
}

function shapeOf(options: QueryOptions | undefined): QueryShape {
  return {
    rowMode: options?.rowMode,
    textTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
  };
}

export async function startPgliteThread(options: {
  dataDir?: string | undefined;
  snapshot?: Blob | undefined;
  settings: readonly string[];
  onLost?: ((error: Error) => void) | undefined;
}): Promise<PgliteThread> {
  const snapshot = options.snapshot ? await options.snapshot.arrayBuffer() : undefined;
  const start: WorkerStart = {
    dataDir: options.dataDir,
    snapshot,
    wasmModule: await pgliteWasm(),
    settings: options.settings,
  };
  const worker = new Worker(pgliteWorkerModule(), {
    // Not the server's loader hooks (tsx): the worker imports only PGlite and types, which Node
    // strips itself, and loading tsx again cost each worker about a second.
    execArgv: [],
    workerData: start,
    transferList: snapshot ? [snapshot] : [],
  });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (e: Error) => void }
  >();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let nextSubscription = 1;
  let lost: Error | undefined;
  let closing = false;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      if (reply.kind === 'ready' || reply.kind === 'failed') {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (reply.kind === 'ready') resolve();
        else {
          reject(rebuilt(reply.error));
          void worker.terminate();
        }
      }
    };
    const onError = (error: Error) => reject(error);
    const onExit = (code: number) =>
      reject(new EmbeddedDatabaseLost(`the embedded database's worker exited (code ${code})`));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });

  const fail = (error: Error) => {
    if (lost) return;
    lost = error;
    const calls = [...pending.values()];
    pending.clear();
    for (const call of calls) call.reject(error);
    if (!closing) options.onLost?.(error);
  };
  worker.on('message', (reply: Reply) => {
    if (reply.kind === 'notify') {
      listeners.get(reply.subscription)?.(reply.payload);
      return;
    }
    if (reply.kind !== 'done' && reply.kind !== 'error') return;
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (pending.size === 0 && !closing) worker.unref();
    if (reply.kind === 'done') call.resolve(reply.value);
    else call.reject(rebuilt(reply.error));
  });
  worker.on('error', (error) =>
    fail(new EmbeddedDatabaseLost(`the embedded database's worker failed: ${error.message}`)),
  );
  worker.on('exit', (code) => {
    // After close, later calls fail at once as they would on a closed PGlite.
    fail(
      closing
        ? new Error('PGlite is closed')
        : new EmbeddedDatabaseLost(`the embedded database's worker exited (code ${code})`),
    );
  });
  // Only calls in flight keep the process alive, as an in-process PGlite would.
  worker.unref();

  // A distributive Omit, so that each request keeps its own fields.
  type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
  function call<T>(request: Without<Request, 'id'>): Promise<T> {
    if (lost) return Promise.reject(lost);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  const queries = (tx: number | undefined): PgliteQueries => ({
    query: (text, params = [], queryOptions) =>
      call({ op: 'query', text, params, shape: shapeOf(queryOptions), tx }),
    exec: (text, queryOptions) => call({ op: 'exec', text, shape: shapeOf(queryOptions), tx }),
  });

  const client: PgliteLike = {
    ...queries(undefined),
    async transaction<T>(callback: (tx: PgliteTransactionLike) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' });
      let closed = false;
      let result: T;
      try {
        result = await callback({
          ...queries(tx),
          get closed() {
            return closed;
          },
          rollback: () => Promise.reject(new RolledBack('transaction rolled back')),
        });
      } catch (error) {
        closed = true;
        await call({ op: 'end', tx, commit: false });
        throw error;
      }
      closed = true;
      await call({ op: 'end', tx, commit: true });
      return result;
    },
  };

  return {
    client,
    execLocked: (text) => call({ op: 'execLocked', text }),
    async listen(channel, callback) {
      const subscription = nextSubscription++;
      listeners.set(subscription, callback);
      try {
        await call({ op: 'listen', channel, subscription });
      } catch (error) {
        listeners.delete(subscription);
        throw error;
      }
      return async () => {
        listeners.delete(subscription);
        await call({ op: 'unlisten', subscription });
      };
    },
    dump: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
    async close() {
      if (lost || closing) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Held until the worker has ended, or the process could end first.
      closing = true;
      worker.ref();
      await call({ op: 'close' });
      await exited;
    },
    async kill() {
      await worker.terminate();
    },
  };
}

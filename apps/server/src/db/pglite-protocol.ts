/**
 * The messages between the server and the thread that owns the embedded database
 * (pglite-worker.ts, pglite-thread.ts). Types only: the worker runs from its own file, and Node
 * strips these imports from it.
 */

/** What the worker is started with (its workerData). */
export interface WorkerStart {
  /** A data directory on disk; none: an in-memory database. */
  dataDir?: string | undefined;
  /** An in-memory database started from a dump (the tests' templates), as an uncompressed tar. */
  snapshot?: ArrayBuffer | undefined;
  /** pglite.wasm compiled once by the server, so that each worker does not compile it again. */
  wasmModule?: WebAssembly.Module | undefined;
  /** Extra `-c name=value` settings for PostgreSQL, after PGlite's own. */
  settings: readonly string[];
}

/** PGlite's query options that cross the thread: the row shape and the types kept as text. */
export interface QueryShape {
  rowMode?: 'array' | 'object' | undefined;
  /** Type OIDs whose values come back as PostgreSQL's text, unparsed. */
  textTypes?: number[] | undefined;
}

export type Request =
  | { id: number; op: 'query'; text: string; params: unknown[]; shape: QueryShape; tx?: number }
  | { id: number; op: 'exec'; text: string; shape: QueryShape; tx?: number }
  /** exec, holding PGlite's transaction lock for the whole block (see RawDatabase.exec). */
  | { id: number; op: 'execLocked'; text: string }
  /** Opens a transaction; answers its id once PGlite holds it. */
  | { id: number; op: 'begin' }
  /** Commits (or rolls back) the transaction and answers when PGlite has done so. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string; subscription: number }
  | { id: number; op: 'unlisten'; subscription: number }
  /** The data directory as an uncompressed tarball (an ArrayBuffer, transferred). */
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** An error as it crosses the thread: its name, message and PostgreSQL's fields (code, ...). */
export interface ErrorData {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type Reply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: ErrorData }
  | { kind: 'done'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: ErrorData }
  | { kind: 'notify'; subscription: number; payload: string };

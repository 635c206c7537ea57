import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread';

/** The database every repo receives: PGlite (embedded) and node-postgres share this type. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations (idempotent). */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /**
   * How many of the committed migrations this database has not applied (0 when up to date), as
   * drizzle's migrator decides: those newer than the last row of drizzle.__drizzle_migrations.
   * Rejects when the database does not answer.
   */
  pendingMigrations(): Promise<number>;
  /** PostgreSQL: the app's connection pool now (PGlite has one connection: none). */
  pool?(): PoolStats;
  /**
   * The same database for a library that brings its own SQL (the job queue, platform/jobs).
   * Repos never use it: they go through `db`.
   */
  readonly raw: RawDatabase;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (idle + in use). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface RawRows {
  rows: Record<string, unknown>[];
}

/**
 * PGlite: the one instance, in its own thread (a single connection, so these statements queue with
 * the app's own). PostgreSQL: the pool's `query`, and the connection string for a library that opens
 * connections of its own (pg-boss keeps a small pool and one LISTEN connection).
 */
export type RawDatabase =
  | {
      readonly kind: 'pglite';
      /** One statement, `$1`-style parameters. */
      query(text: string, params?: unknown[]): Promise<RawRows>;
      /**
       * Several statements in one call, no parameters. A block that opens with BEGIN runs under
       * PGlite's transaction lock, so when one of its statements fails the rollback happens before
       * any other statement reaches the shared connection (otherwise a query queued behind the
       * block would meet an aborted transaction).
       */
      exec(text: string): Promise<RawRows[]>;
      /** LISTEN on the instance: PGlite delivers its own NOTIFYs. */
      listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
      /** The whole data directory as one uncompressed tarball (a snapshot `snapshot` reopens). */
      dump(): Promise<Blob>;
    }
  | {
      readonly kind: 'postgres';
      query(text: string, params?: unknown[]): Promise<RawRows>;
      readonly connectionString: string;
    };

const opensTransaction = /^\s*BEGIN\s*;/i;

/** Next to this file in the sources, next to main.js in the bundle (build.mjs copies it). */
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** The configured database: PostgreSQL at DATABASE_URL, else the embedded one under DATA_DIR. */
export function configuredDatabase(config: {
  readonly databaseUrl?: string | undefined;
  readonly dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir?: string | undefined;
      /** An in-memory database started from a `raw.dump()` (no initdb: the tests' templates). */
      snapshot?: Blob | undefined;
      /**
       * Told once if the database's thread dies (every query then fails): the server exits rather
       * than answer without a database.
       */
      onLost?: ((error: Error) => void) | undefined;
    }
  | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const poolMax = 20;
    const pool = new pg.Pool({ connectionString: target.url, max: poolMax });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder }),
      ping: () => pingDb(db),
      pendingMigrations: () => pendingMigrations(db),
      pool: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: poolMax,
      }),
      raw: {
        kind: 'postgres',
        query: async (text, params) => {
          const result = await pool.query(text, params);
          return { rows: result.rows };
        },
        connectionString: target.url,
      },
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const thread = await startPgliteThread({
    dataDir: target.dataDir,
    snapshot: target.snapshot,
    settings: embeddedSettings,
    onLost: target.onLost,
  });
  // drizzle's PGlite driver asks only for what the thread's client answers: query, exec and
  // transaction, with PGlite's results.
  const client = thread.client as unknown as PGlite;
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    ping: () => pingDb(db),
    pendingMigrations: () => pendingMigrations(db),
    raw: {
      kind: 'pglite',
      query: async (text, params) => {
        const result = await thread.client.query(text, params);
        return { rows: result.rows as Record<string, unknown>[] };
      },
      exec: async (text) =>
        (opensTransaction.test(text)
          ? await thread.execLocked(text)
          : await thread.client.exec(text)) as RawRows[],
      listen: (channel, callback) => thread.listen(channel, callback),
      dump: () => thread.dump(),
    },
    close: () => thread.close(),
  };
}

/**
 * PostgreSQL settings of the embedded database, after PGlite's own. shared_buffers: PGlite's
 * default, 128 MB, is allocated inside its WebAssembly memory and touched at start-up (about
 * 150 MB of the server's resident memory); the embedded database is small and its files are in
 * the OS's cache anyway.
 */
const embeddedSettings = ['shared_buffers=16MB'];

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

let committedMigrations: number[] | undefined;

async function pendingMigrations(db: Db): Promise<number> {
  committedMigrations ??= readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);
  // Both drivers answer { rows }; the shared type does not say so.
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as RawRows).rows;
  const [table] = await rows(sql`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!table?.t) return committedMigrations.length;
  const [last] = await rows(
    sql`select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
  );
  const applied = Number(last?.last ?? 0);
  return committedMigrations.filter((when) => when > applied).length;
}

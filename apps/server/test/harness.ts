import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { type App, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo-seed';
import { createPasswordHasher } from '../src/platform/passwords';

/**
 * Integration tests run once per database: always on PGlite (in memory), and on PostgreSQL
 * too when TEST_DATABASE_URL is set — each test app in a fresh database of its own.
 */
export type DatabaseKind = 'pglite' | 'postgres';
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

const hasher = createPasswordHasher();

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `apothecall_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function openTestDatabase(
  kind: DatabaseKind,
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const fresh = await freshPostgres();
  const database = await openDatabase({ kind: 'postgres', url: fresh.url });
  await database.migrate();
  return {
    database,
    dispose: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

export interface TestApp extends App {
  database: Database;
  config: Config;
  /** Every log line the app wrote, as text. */
  logs: string[];
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  shared?: { database: Database },
): Promise<TestApp> {
  const owned = shared ? undefined : await openTestDatabase(kind);
  const database = shared?.database ?? owned!.database;
  await seedDemo(database.db, hasher);
  const config = loadConfig({ LOG_LEVEL: 'info', ...env });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  let offset = 0;
  const app = await buildApp({
    config,
    database,
    hasher,
    logStream,
    now: () => new Date(Date.now() + offset),
  });
  return {
    ...app,
    database,
    config,
    logs,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.fastify.close();
      await owned?.dispose();
    },
  };
}

export const demo = {
  patient: 'patient@apothecall.test',
  password: 'Apothecall-Demo-1',
};

export async function login(
  app: App,
  loginId = demo.patient,
  password = demo.password,
): Promise<string> {
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/api/account/token',
    payload: { loginId, password, platform: 'web', version: 'test' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A valid registration body for a fresh adult (override any field). */
export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    profile: {
      name: 'Nora Quinn',
      dob: '03-14-1990',
      gender: 'F',
      address: '200 Ocean Dr',
      state: 'FL',
      zipCode: '33139',
      phone: '305-555-0142',
      email,
      ...overrides,
    },
    whiteLabelId: 'apothecall',
    credentials: { password: 'Quinn-Pass-42' },
  };
}

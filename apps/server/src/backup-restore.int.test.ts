import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  demo,
  login,
  newPatient,
  openTestDatabase,
  type Patient,
  unpackPgliteTemplate,
} from '../test/harness';
import { type App, buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { seedDemo } from './db/seed/demo-seed';
import { createPasswordHasher } from './platform/passwords';

/**
 * The backup and restore recipe of docs/operations.md ("Backup and restore"), in process.
 * PostgreSQL: pg_dump -Fc of the live database, pg_restore into a new one.
 * Embedded: the server stopped, DATA_DIR copied. Then an app on the copy: the demo patient and a
 * patient registered before the backup log in, the migrations count as applied, and a message
 * sealed before the backup still opens (the files key came along). scripts/backup-restore-check.mjs
 * does the same with the real entry point and the real commands.
 */
const hasher = createPasswordHasher();
const hasPgTools = ['pg_dump', 'pg_restore'].every(
  (tool) => spawnSync(tool, ['--version']).status === 0,
);

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
  }
}

async function appOn(database: Database, dataDir: string): Promise<App> {
  return buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', EXPOSE_OUTBOX: 'true' }),
    database,
    hasher,
  });
}

/** What the backup holds: a registered patient and a reset mail sealed with the files key. */
async function writeSomething(app: App): Promise<Patient> {
  const patient = await newPatient(app);
  const reset = await app.fastify.inject({
    method: 'POST',
    url: '/api/password-reset',
    payload: { email: patient.loginId },
  });
  expect(reset.statusCode).toBe(200);
  return patient;
}

/** The restored app serves what was backed up. */
async function expectRestored(database: Database, dataDir: string, patient: Patient) {
  expect(await database.pendingMigrations()).toBe(0);
  const app = await appOn(database, dataDir);
  try {
    expect(await login(app, demo.patient, demo.password)).toMatch(/\S{20,}/);
    expect(await login(app, patient.loginId, patient.password)).toMatch(/\S{20,}/);
    const outbox = await app.fastify.inject({ method: 'GET', url: '/api/dev/outbox' });
    const mails = (
      outbox.json() as { messages: { to: string; body: string; text: string | null }[] }
    ).messages.filter((m) => m.to === patient.loginId);
    expect(mails.map((m) => m.body)).toContain('sealed');
  } finally {
    await app.fastify.close();
  }
}

describe.each(databaseKinds)('backup and restore on %s', (kind) => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apothecall-backup-'));
    dirs.push(dir);
    return dir;
  };
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  if (kind === 'pglite') {
    it('embedded: stop, copy DATA_DIR, start on the copy', async () => {
      const original = tempDir();
      // The run's seeded template (test/harness.ts); the migrations and the seed below then
      // find nothing to do, as on a server's later start.
      await unpackPgliteTemplate(path.join(original, 'pglite'), 'seeded');
      const database = await openDatabase({
        kind: 'pglite',
        dataDir: path.join(original, 'pglite'),
      });
      await database.migrate();
      await seedDemo(database.db, hasher);
      const app = await appOn(database, original);
      const patient = await writeSomething(app);
      // The server stops (its database closes), then the folder is copied.
      await app.fastify.close();
      await database.close();
      const copy = path.join(tempDir(), 'data');
      cpSync(original, copy, { recursive: true, preserveTimestamps: true });
      rmSync(original, { recursive: true, force: true });

      const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(copy, 'pglite') });
      cleanups.push(() => restored.close());
      await expectRestored(restored, copy, patient);
    });
  }

  if (kind === 'postgres') {
    it.skipIf(!hasPgTools)(
      'PostgreSQL: pg_dump -Fc while serving, pg_restore into a new database',
      async () => {
        const dataDir = tempDir();
        const source = await openTestDatabase('postgres', true);
        cleanups.push(source.dispose);
        if (source.database.raw.kind !== 'postgres') throw new Error('not PostgreSQL');
        const sourceUrl = source.database.raw.connectionString;
        const app = await appOn(source.database, dataDir);
        const patient = await writeSomething(app);

        const dump = path.join(dataDir, 'apothecall.dump');
        run('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${sourceUrl}`]);
        await app.fastify.close();

        const adminUrl = process.env.TEST_DATABASE_URL ?? '';
        const name = `${new URL(sourceUrl).pathname.slice(1)}_restored`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        cleanups.push(async () => {
          const c = new pg.Client({ connectionString: adminUrl });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        });
        const restoredUrl = new URL(adminUrl);
        restoredUrl.pathname = `/${name}`;
        run('pg_restore', [
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          `--dbname=${restoredUrl}`,
          dump,
        ]);

        const restored = await openDatabase({ kind: 'postgres', url: restoredUrl.toString() });
        cleanups.push(() => restored.close());
        await expectRestored(restored, dataDir, patient);
      },
    );
  }
});

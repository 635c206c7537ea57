import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo-seed';
import { createPasswordHasher } from '../src/platform/passwords';

/** The names of a run's two PostgreSQL template databases. */
export interface PostgresTemplates {
  migrated: string;
  seeded: string;
}

/** The two templates' names for a run's prefix. */
export function postgresTemplateNames(prefix: string): PostgresTemplates {
  return { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
}

/** `adminUrl` with another database name. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Once per run, before the PostgreSQL project's tests (test/global-setup.ts): a database created
 * and migrated, and a copy of it with the demo seeded. Each test database is then a
 * `CREATE DATABASE … TEMPLATE` of one of them, a file copy inside the server, instead of running
 * the migrations and the seed again (about 0.9 s a database on this machine).
 * Nothing stays connected to a template, as PostgreSQL requires for copying it.
 */
export async function writePostgresTemplates(
  adminUrl: string,
  prefix: string,
): Promise<{ templates: PostgresTemplates; drop: () => Promise<void> }> {
  const templates = postgresTemplateNames(prefix);
  await onAdmin(adminUrl, `create database ${templates.migrated}`);
  const migrated = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(adminUrl, templates.migrated),
  });
  await migrated.migrate();
  await migrated.close();
  await onAdmin(adminUrl, `create database ${templates.seeded} template ${templates.migrated}`);
  const seeded = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(adminUrl, templates.seeded),
  });
  await seedDemo(seeded.db, createPasswordHasher());
  await seeded.close();
  return {
    templates,
    drop: async () => {
      for (const name of Object.values(templates)) {
        await onAdmin(adminUrl, `drop database if exists ${name} with (force)`);
      }
    },
  };
}

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo-seed';
import { createPasswordHasher } from '../src/platform/passwords';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarballs of an embedded database: migrated, and migrated with the demo seeded. */
    pgliteTemplates: { migrated: string; seeded: string };
  }
}

/**
 * Once per run, before any server test: an embedded database is created, migrated and dumped,
 * then seeded with the demo and dumped again. Every PGlite test database starts from one of the
 * two dumps instead of running initdb, the migrations and the seed itself (about 5 s each on this
 * machine's two cores; from a dump, under 1 s).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = path.join(project.config.root, '..', '..', '.tmp', `pglite-templates-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ kind: 'pglite' });
  if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
  await database.migrate();
  const migrated = path.join(dir, 'migrated.tar');
  writeFileSync(migrated, new Uint8Array(await (await database.raw.dump()).arrayBuffer()));
  await seedDemo(database.db, createPasswordHasher());
  const seeded = path.join(dir, 'seeded.tar');
  writeFileSync(seeded, new Uint8Array(await (await database.raw.dump()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplates', { migrated, seeded });
  return () => rmSync(dir, { recursive: true, force: true });
}

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo-seed';
import { createPasswordHasher } from '../src/platform/passwords';

/**
 * Writes the two PGlite template dumps into `dir`: an embedded database created and migrated
 * (`migrated.tar`), then with the demo seeded (`seeded.tar`). test/global-setup.ts runs it once per
 * run, in its own process for a shifted clock (run directly, this file takes the folder as its
 * argument), so that the seed's timestamps are read from the clock the tests run at.
 */
export async function writePgliteTemplates(
  dir: string,
): Promise<{ migrated: string; seeded: string }> {
  const database = await openDatabase({ kind: 'pglite' });
  if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
  await database.migrate();
  const migrated = path.join(dir, 'migrated.tar');
  writeFileSync(migrated, new Uint8Array(await (await database.raw.dump()).arrayBuffer()));
  await seedDemo(database.db, createPasswordHasher());
  const seeded = path.join(dir, 'seeded.tar');
  writeFileSync(seeded, new Uint8Array(await (await database.raw.dump()).arrayBuffer()));
  await database.close();
  return { migrated, seeded };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: pglite-templates.ts DIR');
  await writePgliteTemplates(dir);
}

import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackPgliteTemplate } from '../../../test/harness';
import { serverEntry } from '../../../test/run-files';
import { openDatabase } from '../../db/client';
import { registryFixture } from '../../db/seed/demo-pharmacies';
import { createPharmacyRepo } from './pharmacy.repo';

const serverRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The import command itself (`src/registry-import.ts`): it writes to the embedded database of
 * DATA_DIR, so it runs once, in the PGlite project, not again per database kind (the registry's
 * import and verification on both databases are pharmacy.int.test.ts).
 */
describe('npm run registry:import', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-registry-'));
    // An embedded database migrated already (the run's template): the command opens it as it
    // would a server's, instead of creating one.
    await unpackPgliteTemplate(path.join(dataDir, 'pglite'), 'migrated');
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  let command: Awaited<ReturnType<typeof serverEntry>>;
  beforeAll(async () => {
    command = await serverEntry('registry-import');
  });
  const run = (args: string[]) =>
    spawnSync(command.command, [...command.args, ...args], {
      cwd: serverRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('imports a file into the embedded database and says what it did', async () => {
    const file = path.join(dataDir, 'nppes.csv');
    await writeFile(file, await readFile(registryFixture));
    const done = run([file]);
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toContain('registry: 2 pharmacies imported');
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const entries = await createPharmacyRepo(database.db).registryEntries(['1023456', '4567890']);
      expect(entries.map((e) => e.name).sort()).toEqual([
        'LONE STAR COMPOUNDING PHARMACY INC',
        'SUNRISE PHARMACY LLC',
      ]);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('explains its use without a file', () => {
    const done = run([]);
    expect(done.status).toBe(2);
    expect(done.stderr).toContain('usage: npm run registry:import -- FILE');
  });
});

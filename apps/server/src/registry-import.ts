import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { configuredDatabase, openDatabase } from './db/client';
import { createPharmacyRepo } from './features/pharmacy/pharmacy.repo';
import { createPharmacyService } from './features/pharmacy/pharmacy.service';
import { pharmaciesInNppesFile } from './features/pharmacy/registry-import';

/**
 * `npm run registry:import -- FILE`: imports the pharmacies of an NPPES dissemination file
 * (CSV) into the NCPDP registry of the configured database (DATABASE_URL, else the embedded
 * one under DATA_DIR) and checks every pharmacy organisation against it again.
 */
async function main(): Promise<void> {
  // npm runs the script in apps/server; relative paths (the file, DATA_DIR's default ./data,
  // which `npm start` keeps at the repository's root) are the caller's.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: npm run registry:import -- FILE (an NPPES dissemination CSV)\n');
    process.exit(2);
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(configuredDatabase(config));
  try {
    await database.migrate();
    const pharmacy = createPharmacyService({ repo: createPharmacyRepo(database.db) });
    const result = await pharmacy.importRegistry(pharmaciesInNppesFile(path.resolve(file)));
    process.stdout.write(
      `registry: ${result.imported} pharmacies imported; organisations verified ${result.verified}, unverified ${result.unverified}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `registry import failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

// Migrates a PostgreSQL database and seeds the demo data (as the product does at start-up),
// for the bench's large seed and for reading plans by hand:
//   npx tsx bench/api/prepare-db.ts postgres://postgres@127.0.0.1:5432/<db>
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/db/seed/demo-seed';
import { createPasswordHasher } from '../../apps/server/src/platform/passwords';

export async function prepareDatabase(url: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await database.migrate();
    await seedDemo(database.db, createPasswordHasher());
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('prepare-db.ts')) {
  const url = process.argv[2];
  if (!url) throw new Error('usage: prepare-db.ts <postgres url>');
  await prepareDatabase(url);
}

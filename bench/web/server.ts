// The product as a browser meets it, in its own process for bench/web: the real app (buildApp)
// on embedded PGlite with the demo accounts, serving the built web app from WEB_DIST (default
// apps/web/dist) through the same static serving as production. Prints `READY <port>` once
// listening; stops on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/db/seed/demo-seed';
import { createPasswordHasher } from '../../apps/server/src/platform/passwords';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = process.env.WEB_DIST ?? path.resolve(here, '../../apps/web/dist');

const dataDir = mkdtempSync(path.join(tmpdir(), 'apothecall-bench-web-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
await database.migrate();
const hasher = createPasswordHasher();
await seedDemo(database.db, hasher);
// Only what is named here: no Redis (rate-limit counters in memory), the demo data, the dist.
const config = loadConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WEB_DIST: webDist,
  INBOUND_SMTP_PORT: 'off',
});
const { fastify } = await buildApp({ config, database, hasher });
await fastify.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`READY ${(fastify.server.address() as AddressInfo).port}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await fastify.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  })().finally(() => process.exit(0));
});

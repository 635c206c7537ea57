// One server under test, in its own process: `hello` (a bare Fastify hello-world, the
// reference) or `api` (the product, on embedded PGlite or on the PostgreSQL URL given as the
// second argument). Prints `READY <port>` once listening; stops on SIGTERM.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/db/seed/demo-seed';
import { createPasswordHasher } from '../../apps/server/src/platform/passwords';
import { createSessionsRepo } from '../../apps/server/src/platform/sessions/sessions.repo';
import { createSessionsService } from '../../apps/server/src/platform/sessions/sessions.service';
import { answerCommands } from '../processes';

async function hello(): Promise<() => Promise<void>> {
  answerCommands();
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`READY ${(app.server.address() as AddressInfo).port}\n`);
  return () => app.close();
}

async function api(databaseUrl: string | undefined): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apothecall-bench-'));
  const database = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  const hasher = createPasswordHasher();
  await seedDemo(database.db, hasher);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    INBOUND_SMTP_PORT: 'off',
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  });
  const { fastify } = await buildApp({ config, database, hasher });
  // `SESSIONS n`: n sessions of their own for the demo patient (as n logins would make,
  // without n password hashes); answers the file holding their tokens, one a line.
  const sessions = createSessionsService({
    repo: createSessionsRepo(database.db),
    policy: config.session,
  });
  answerCommands({
    async SESSIONS(arg) {
      const patient = await database.raw.query('select id from accounts where login_id = $1', [
        'patient@apothecall.test',
      ]);
      const accountId = String(patient.rows[0]?.id);
      const tokens: string[] = [];
      for (let i = 0; i < Number(arg); i += 1) {
        tokens.push(
          (await sessions.create(accountId, { platform: 'web', version: 'bench' })).token,
        );
      }
      const file = path.join(dataDir, 'tokens.txt');
      writeFileSync(file, tokens.join('\n'));
      return file;
    },
  });
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`READY ${(fastify.server.address() as AddressInfo).port}\n`);
  return async () => {
    await fastify.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

const kind = process.argv[2];
const stop = await (kind === 'hello' ? hello() : api(process.argv[3]));
process.once('SIGTERM', () => {
  void stop().finally(() => process.exit(0));
});

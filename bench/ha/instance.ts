// One product process of the two-instance bench: the app built as main.ts builds it, on the
// migrated and seeded PostgreSQL database, Redis, the gateway and S3 doubles that bench/ha/run.ts
// started (all in the environment it hands down), listening on the port it names. Prints
// `READY <port>`; answers `SOCKETS` with the number of sockets open on this process. Its log
// lines (warn and up) go to stderr. Ended by SIGKILL (the instance that is lost) or SIGTERM.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { createPasswordHasher } from '../../apps/server/src/platform/passwords';
import { answerCommands } from '../processes';

const config = loadConfig(process.env);
if (!config.databaseUrl || !config.redisUrl)
  throw new Error('DATABASE_URL and REDIS_URL are needed');
const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
const { fastify, realtime } = await buildApp({
  config,
  database,
  hasher: createPasswordHasher(),
  logStream: process.stderr,
});
answerCommands({
  SOCKETS: async () => String(realtime.io.of('/').sockets.size),
});
await fastify.listen({ host: '127.0.0.1', port: config.port });
process.stdout.write(`READY ${(fastify.server.address() as AddressInfo).port}\n`);
process.once('SIGTERM', () => {
  void fastify
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});

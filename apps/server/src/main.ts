import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { configuredDatabase, type DatabaseTarget, openDatabase } from './db/client';
import { demoInbox } from './db/seed/demo-pharmacies';
import { demoPrepay } from './db/seed/demo-prepay';
import { demoPassword, seedDemo } from './db/seed/demo-seed';
import { DatabaseStartupError, describeError, openMigratedDatabase } from './db/startup-errors';
import { loggableError } from './platform/http';
import { createPasswordHasher } from './platform/passwords';
import { unsupportedRuntime } from './platform/runtime';
import { inboxLines } from './start-up-text';

/** What `npm start` prints once listening: where, which database, the demo logins and inbox. */
function startUpBanner({
  config,
  port,
  embedded,
  logins,
  smtpPort,
}: {
  config: ReturnType<typeof loadConfig>;
  port: number;
  embedded: boolean;
  logins: { role: string; loginId: string }[];
  smtpPort: number | undefined;
}): string[] {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `Apothecall is running on http://${shownHost}:${port}`,
    `Database: ${embedded ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `API docs: http://${shownHost}:${port}/api/docs`,
    `Runtime: Node.js ${process.version}`,
  ];
  if (logins.length > 0) {
    lines.push('', `Demo logins (password for all: ${demoPassword})`);
    for (const login of logins) lines.push(`  ${login.role.padEnd(28)} ${login.loginId}`);
    lines.push(
      '',
      `Demo access token (Sunrise prepaid visits): ${demoPrepay.token}`,
      `  open http://${shownHost}:${port}/#/redeem/${demoPrepay.token}`,
    );
  }
  if (smtpPort !== undefined) {
    lines.push(
      '',
      ...inboxLines({
        host: config.inbox.smtpHost,
        port: smtpPort,
        domain: config.inbox.domain,
        demo: logins.length > 0 ? demoInbox : undefined,
      }),
    );
  }
  return lines;
}

/** Entry point: config, database + migrations, demo seed, listen, graceful shutdown. */
async function main(): Promise<void> {
  const refused = unsupportedRuntime(process.versions.node);
  if (refused) {
    process.stderr.write(`${refused}\n`);
    process.exit(1);
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, { webDist: path.resolve(here, '../../web/dist') });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const target = configuredDatabase(config);
  const createdNow =
    target.kind === 'pglite' && !existsSync(path.join(target.dataDir ?? '', 'PG_VERSION'));
  const withLoss: DatabaseTarget =
    target.kind === 'pglite'
      ? {
          ...target,
          // Without its database the server would answer every request with an error: it stops,
          // and whatever supervises it (npm start's terminal, systemd, a container) sees why.
          onLost: (error: Error) => {
            process.stderr.write(`Apothecall stopped: ${error.message}\n`);
            process.exit(1);
          },
        }
      : target;
  let database = await openMigratedDatabase(withLoss);
  const hasher = createPasswordHasher();
  const logins = config.demoSeed ? await seedDemo(database.db, hasher) : [];
  if (target.kind === 'pglite' && createdNow) {
    // initdb, the migrations and the seed leave the embedded database's thread about 100 MB
    // bigger than serving needs, memory it does not give back: a new thread serves instead.
    await database.close();
    database = await openDatabase(withLoss);
  }

  const { fastify, reconcilePayments, inboundSmtpPort } = await buildApp({
    config,
    database,
    hasher,
  });
  const reconciled = await reconcilePayments();
  if (reconciled.succeeded + reconciled.failed > 0) {
    fastify.log.warn(
      reconciled,
      'payments left pending by an earlier stop were reconciled with the gateway',
    );
  }
  await fastify.listen({ host: config.host, port: config.port });
  fastify.log.info({ node: process.version }, `running on Node.js ${process.version}`);

  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = startUpBanner({
    config,
    port,
    embedded: database.kind === 'pglite',
    logins,
    smtpPort: inboundSmtpPort(),
  });
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    fastify.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      fastify.log.error('shutdown grace period passed; exiting');
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000);
    force.unref();
    try {
      // The listening socket closes first, at once: Fastify runs its preClose hooks (closing
      // the socket server and its Redis clients) before it closes the server, and a slow or
      // hung Redis there kept the port accepting connections for seconds. Node also closes the
      // idle keep-alive connections now. Fastify's own close then still waits for the requests
      // in flight (it is told the server is already closing) before its onClose hooks run.
      fastify.server.close();
      await fastify.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      fastify.log.error({ error: loggableError(error) }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  const text = error instanceof DatabaseStartupError ? error.message : describeError(error);
  process.stderr.write(`Apothecall failed to start: ${text}\n`);
  process.exit(1);
});

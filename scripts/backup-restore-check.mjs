// Checks the backup and restore recipe of docs/operations.md ("Backup and restore") end to end,
// with the real server and the recipe's own commands:
//
//   embedded:   start the server on a fresh DATA_DIR (demo seeded), stop it, `cp -a` the folder,
//               start a server on the copy with DEMO_SEED=false, log in as the demo patient;
//   PostgreSQL: (when TEST_DATABASE_URL is set, or --postgres <admin url>) `createdb`, start the
//               server on it (demo seeded), `pg_dump -Fc` while it serves, stop it, `createdb` a
//               new database, `pg_restore` into it, start a server on that with DEMO_SEED=false,
//               log in as the demo patient; both databases dropped after.
//
// Usage: node scripts/backup-restore-check.mjs [--built] [--postgres postgres://…/postgres]
//   --built  runs apps/server/dist/main.js (after `npm run build`) instead of the sources (tsx).
// Prints one line per step with its time; exits 1 at the first failure, with the server's output.
// It takes about a minute (four server starts), so `npm test` runs its in-process twin instead
// (apps/server/src/backup-restore.int.test.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const built = args.includes('--built');
const postgresAt = args.includes('--postgres')
  ? args[args.indexOf('--postgres') + 1]
  : process.env.TEST_DATABASE_URL;
const demoPatient = { loginId: 'patient@apothecall.test', password: 'Apothecall-Demo-1' };

const started = Date.now();
const temp = mkdtempSync(path.join(tmpdir(), 'apothecall-backup-check-'));
const cleanups = [() => rmSync(temp, { recursive: true, force: true })];
let failed = false;

function step(what, fn) {
  return async (...a) => {
    const t0 = Date.now();
    try {
      const result = await fn(...a);
      console.log(`  ok    ${what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      return result;
    } catch (error) {
      console.log(`  FAIL  ${what}: ${error instanceof Error ? error.message : error}`);
      throw error;
    }
  };
}

function sh(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} exited ${result.status}: ${result.stderr.trim()}`);
  }
  return result.stdout;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server in a child process; resolves once /api/health/ready answers 200. */
async function startServer(env) {
  const port = await freePort();
  const entry = built
    ? [process.execPath, [path.join(root, 'apps/server/dist/main.js')]]
    : [path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')]];
  const child = spawn(entry[0], entry[1], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(temp, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  cleanups.push(kill);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`${url}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) {
      return {
        url,
        async stop() {
          child.kill('SIGTERM');
          const code = await exited;
          if (code !== 0) throw new Error(`the server exited ${code}:\n${output}`);
        },
      };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  kill();
  throw new Error(`the server did not become ready:\n${output}`);
}

async function logIn(server) {
  const res = await fetch(`${server.url}/api/account/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...demoPatient, platform: 'web', version: 'backup-check' }),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200 || typeof body.token !== 'string') {
    throw new Error(`login answered ${res.status} ${JSON.stringify(body)}`);
  }
}

async function embedded() {
  console.log('embedded database (DATA_DIR)');
  const original = path.join(temp, 'data');
  const copy = path.join(temp, 'data-restored');
  const source = await step(
    'start on a new DATA_DIR (demo seeded)',
    startServer,
  )({
    DATA_DIR: original,
  });
  await step('log in on the original', logIn)(source);
  await step('stop the server', () => source.stop())();
  await step('cp -a DATA_DIR (the backup)', () => sh('cp', ['-a', original, copy]))();
  rmSync(original, { recursive: true, force: true });
  const restored = await step(
    'start on the copy (DEMO_SEED=false)',
    startServer,
  )({
    DATA_DIR: copy,
    DEMO_SEED: 'false',
  });
  await step('log in as the demo patient on the copy', logIn)(restored);
  await step('stop the server', () => restored.stop())();
}

async function postgres(adminUrl) {
  console.log('PostgreSQL (pg_dump -Fc / pg_restore)');
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const names = {
    source: `apothecall_backup_src_${suffix}`,
    target: `apothecall_restored_${suffix}`,
  };
  const urlOf = (name) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const dataDir = path.join(temp, 'pg-data');
  const dump = path.join(temp, 'apothecall.dump');
  for (const name of Object.values(names)) {
    cleanups.push(() =>
      spawnSync('dropdb', ['--if-exists', '--force', `--maintenance-db=${adminUrl}`, name]),
    );
  }
  await step('createdb (the live database)', () =>
    sh('createdb', [`--maintenance-db=${adminUrl}`, names.source]),
  )();
  const source = await step(
    'start on it (demo seeded)',
    startServer,
  )({
    DATABASE_URL: urlOf(names.source),
    DATA_DIR: dataDir,
  });
  await step('pg_dump -Fc while it serves (the backup)', () =>
    sh('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${urlOf(names.source)}`]),
  )();
  await step('stop the server', () => source.stop())();
  await step('createdb (the new database)', () =>
    sh('createdb', [`--maintenance-db=${adminUrl}`, names.target]),
  )();
  await step('pg_restore --no-owner --no-acl --exit-on-error', () =>
    sh('pg_restore', [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      `--dbname=${urlOf(names.target)}`,
      dump,
    ]),
  )();
  const restored = await step(
    'start on the restored database (DEMO_SEED=false)',
    startServer,
  )({
    DATABASE_URL: urlOf(names.target),
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
  });
  await step('log in as the demo patient on the restored database', logIn)(restored);
  await step('stop the server', () => restored.stop())();
}

try {
  await embedded();
  if (postgresAt) await postgres(postgresAt);
  else console.log('PostgreSQL: skipped (set TEST_DATABASE_URL or pass --postgres <admin url>)');
} catch {
  failed = true;
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // best effort
    }
  }
}
console.log(
  `backup and restore check: ${failed ? 'FAILED' : 'ok'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
process.exit(failed ? 1 : 0);

// The e2e suite's servers, started side by side. Playwright starts the
// entries of `webServer` one after another, and each server spends its first seconds on one core
// (migrations, the demo seed, its password hashes): seven of them in a row left the other core idle
// for about a minute. This script starts every server of E2E_SERVERS at once, waits until each
// answers /api/health, and then answers 200 on E2E_SERVERS_READY_PORT, the one URL Playwright waits
// for. It ends its servers when it is stopped, and stops (failing the run) when one of them exits.
//
// The servers marked `fromTemplate` start from one seeded data folder instead of each creating,
// migrating and seeding its own: a first server seeds E2E_TEMPLATE_DIR on E2E_TEMPLATE_PORT and
// stops, and each of them starts on a copy (a fresh start costs about 15 CPU-seconds, one on a
// seeded folder about half). The servers at a shifted clock seed their own, at their clock.
import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import http from 'node:http';

/** @type {{ name: string; port: number; env: Record<string, string>; fromTemplate?: boolean }[]} */
const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const readyPort = Number(process.env.E2E_SERVERS_READY_PORT);
const templateDir = process.env.E2E_TEMPLATE_DIR;
const templatePort = Number(process.env.E2E_TEMPLATE_PORT);
const timeoutMs = 180_000;
const started = Date.now();

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;

/** Starts one server; `expected` exits (the template's) do not stop the run. */
function start(server) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, ...server.env, HOST: '127.0.0.1', PORT: String(server.port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => process.stderr.write(`[${server.name}] ${chunk}`));
  child.on('exit', (code, signal) => {
    if (stopping || child.expectedExit) return;
    console.error(`e2e server ${server.name} (port ${server.port}) exited: ${signal ?? code}`);
    stop(1);
  });
  children.push(child);
  return child;
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3_000).unref();
  Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once('exit', resolve))
        : undefined,
    ),
  ).then(() => process.exit(code));
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

async function healthy(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return res.ok;
  } catch {
    return false;
  }
}

/** Waits until every port answers /api/health (stopping the run past the time limit). */
async function untilHealthy(ports) {
  const waiting = new Set(ports);
  while (waiting.size > 0 && !stopping) {
    if (Date.now() - started > timeoutMs) {
      console.error(
        `e2e servers not up after ${timeoutMs / 1000} s: ports ${[...waiting].join(', ')}`,
      );
      stop(1);
      return;
    }
    for (const port of [...waiting]) if (await healthy(port)) waiting.delete(port);
    if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const templated = templateDir ? servers.filter((server) => server.fromTemplate) : [];
const own = servers.filter((server) => !templated.includes(server));
for (const server of own) start(server);
if (templated.length > 0) {
  const template = start({
    name: 'template',
    port: templatePort,
    env: { LOG_LEVEL: 'warn', INBOUND_SMTP_PORT: 'off', DATA_DIR: templateDir },
  });
  await untilHealthy([templatePort]);
  template.expectedExit = true;
  template.kill('SIGTERM');
  await new Promise((resolve) => template.once('exit', resolve));
  for (const server of templated) {
    if (stopping) break;
    cpSync(templateDir, server.env.DATA_DIR, { recursive: true });
    start(server);
  }
}
await untilHealthy(servers.map((s) => s.port));
if (!stopping) {
  http.createServer((_req, res) => res.end('ready')).listen(readyPort, '127.0.0.1');
}

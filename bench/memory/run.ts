// bench/memory: the embedded default's resident memory at idle (the server as `npm start` runs
// it with no environment: embedded PGlite, the demo seeded on first start) beside a bare
// socket.io server's, each in its own process, read from /proc (Linux). The product runs as
// `npm start` does: package.json's start command (the build brought up to date, then the bundle,
// which on Linux replaces that process with glibc's malloc set: scripts/server-malloc.mjs); the
// bare server from sources through tsx, as every bench server does.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lineFrom, spawnScript } from '../processes';
import type { Row } from '../report';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '../..');
/** How long a server is left alone before its memory is read. */
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 10000);
const demoPassword = 'Apothecall-Demo-1';

function residentMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN) / 1024;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, settleMs));

function stopped(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function bare(): Promise<number> {
  const child = spawnScript('realtime/bare.ts', []);
  try {
    await lineFrom(child, 'READY');
    await settle();
    return residentMb(child.pid);
  } finally {
    await stopped(child);
  }
}

/** `npm start`'s command, from package.json (`node <flags> scripts/start.mjs`), run directly. */
function startCommand(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [program, ...args] = pkg.scripts.start.split(/\s+/);
  if (program !== 'node') throw new Error(`npm start is not a node command: ${pkg.scripts.start}`);
  return args;
}

/** The product with no DATABASE_URL: idle after start-up, then idle after requests. */
async function embedded(): Promise<{ started: number; afterRequests: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apothecall-bench-memory-'));
  // The process keeps its id when start.mjs becomes the server (process.execve).
  const child = spawn(process.execPath, startCommand(), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      INBOUND_SMTP_PORT: 'off',
    },
  });
  try {
    const url = (await lineFrom(child, 'Apothecall is running on')).trim();
    await settle();
    const started = residentMb(child.pid);
    const login = await fetch(`${url}/api/account/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        loginId: 'patient@apothecall.test',
        password: demoPassword,
        platform: 'web',
        version: 'bench',
      }),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    for (let i = 0; i < 200; i += 1) {
      const answer = await fetch(`${url}/api/account/profile`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!answer.ok) throw new Error(`profile: ${answer.status}`);
      await answer.arrayBuffer();
    }
    await settle();
    return { started, afterRequests: residentMb(child.pid) };
  } finally {
    await stopped(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchMemory(): Promise<Row[]> {
  if (process.platform !== 'linux') {
    console.log('bench/memory: resident memory is read from /proc (Linux); not measured');
    return [{ figure: 'idle RSS, embedded default', value: '-', goal: '-', met: 'not measured' }];
  }
  console.log(`bench/memory: resident memory ${settleMs / 1000} s after start-up`);
  const reference = await bare();
  console.log(`  bare socket.io server                          ${reference.toFixed(0)} MB`);
  const product = await embedded();
  console.log(`  embedded default (PGlite), after start-up      ${product.started.toFixed(0)} MB`);
  console.log(
    `  embedded default, after 200 profile reads       ${product.afterRequests.toFixed(0)} MB`,
  );
  const idle = Math.max(product.started, product.afterRequests);
  return [
    {
      figure: 'idle RSS, embedded default (bare socket.io)',
      value: `${idle.toFixed(0)} MB (${reference.toFixed(0)} MB)`,
      goal: '<= 300 MB',
      met: idle <= 300,
    },
  ];
}

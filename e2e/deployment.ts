import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A deployment of its own for the specs that deploy a new version while a page is open:
 * the built server serving a web build from a folder of its own, which a second build
 * replaces, and restarted on the same port and data, as an operator deploys.
 */
const root = path.resolve(import.meta.dirname, '..');

/** A port the OS says is free now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A production build of the web app with the given version, in a new folder. */
export function buildWeb(version: string): string {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'apothecall-e2e-build-'));
  const built = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: path.join(root, 'apps', 'web'),
      env: { ...process.env, APOTHECALL_BUILD_VERSION: version },
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`web build failed:\n${built.stdout}\n${built.stderr}`);
  return outDir;
}

export interface Deployment {
  readonly baseURL: string;
  /** Replaces the served web build with `webBuild` and restarts the server (same port, data). */
  deploy(webBuild: string): Promise<void>;
  stop(): Promise<void>;
}

async function healthy(baseURL: string, child: ChildProcess, output: () => string) {
  // A safety limit, not a speed check.
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/**
 * Starts the built server on `webBuild` (a folder, relative to the repository or absolute;
 * copied: the deployment owns its folder).
 */
export async function startDeployment(webBuild: string): Promise<Deployment> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'apothecall-e2e-web-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apothecall-e2e-data-'));
  cpSync(path.resolve(root, webBuild), webDist, { recursive: true });
  // The suite's seeded folder (playwright.config.ts): a start on a copy costs about half the CPU
  // of seeding one, and a fresh seed outlasted a minute on a busy machine once.
  const template = process.env.E2E_TEMPLATE_DIR;
  if (template && existsSync(path.join(template, 'pglite'))) {
    cpSync(template, dataDir, { recursive: true });
  }
  let child: ChildProcess;
  let log = '';
  const start = async () => {
    log = '';
    child = spawn('node', ['apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        REDIS_URL: '',
        INBOUND_SMTP_PORT: 'off',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
    });
    await healthy(baseURL, child, () => log);
  };
  const halt = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await start();
  return {
    baseURL,
    async deploy(next) {
      await halt();
      rmSync(webDist, { recursive: true, force: true });
      cpSync(next, webDist, { recursive: true });
      await start();
    },
    async stop() {
      await halt();
      rmSync(webDist, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** Files the run writes in the background (test/global-setup.ts): usable once `ready` exists. */
export interface BackgroundFiles {
  ready: string;
  /** Written instead of `ready` when the work failed, with what it printed. */
  failed: string;
}

/**
 * Waits until the run's background work behind `files` is done, and throws what it printed if it
 * failed, or after ten minutes without either (a run whose setup never started it).
 */
export async function whenReady(what: string, files: BackgroundFiles): Promise<void> {
  const until = Date.now() + 10 * 60_000;
  for (;;) {
    if (Date.now() > until) throw new Error(`${what}: not written after ten minutes`);
    if (existsSync(files.ready)) return;
    if (existsSync(files.failed)) {
      throw new Error(`${what} failed:\n${readFileSync(files.failed, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const serverRoot = path.resolve(import.meta.dirname, '..');

/**
 * How to start one of the server's entry points in a child process: `node` on the run's bundle
 * (built as `npm run build` builds it, test/global-setup.ts), or, for a file run outside a project
 * that built one, the TypeScript source through tsx's loader. Arguments go after the returned
 * ones. Node itself in both (not the tsx command, a second process): signals reach the server.
 */
export async function serverEntry(
  entry: 'main' | 'registry-import',
): Promise<{ command: string; args: string[] }> {
  const build = inject('serverBuild');
  if (!build) {
    return {
      command: process.execPath,
      args: ['--import', 'tsx', path.join(serverRoot, 'src', `${entry}.ts`)],
    };
  }
  await whenReady('the server bundle (apps/server/build.mjs --test)', build);
  return { command: process.execPath, args: [path.join(build.dir, `${entry}.js`)] };
}

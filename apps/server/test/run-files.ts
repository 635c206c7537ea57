import path from 'node:path';
import { inject } from 'vitest';
import { whenReady } from './background-files';

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

// The production build: the web app, then the server (each workspace's own `build` script).
//
//   node scripts/build.mjs            (`npm run build`) builds both, always
//   node scripts/build.mjs --changed  builds only those whose inputs changed since their last
//                                     build (scripts/build-state.mjs); FORCE_BUILD=1 builds both
//
// Each successful build records the hash of its inputs next to its output, so a later
// `--changed` (what `npm start` runs) knows it is up to date.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildState, recordBuild, targets } from './build-state.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm run build -w <workspace>` with the npm that runs this script when there is one. */
function runWorkspaceBuild(workspace) {
  const args = ['run', 'build', '-w', workspace];
  const npmCli = process.env.npm_execpath;
  const run = npmCli?.endsWith('.js')
    ? spawnSync(process.execPath, [npmCli, ...args], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  return run.status === 0;
}

/**
 * Builds the targets (all of them, or with `changedOnly` those not up to date); false when a
 * build failed (what it printed says why).
 * @param {{ changedOnly: boolean, log?: (line: string) => void }} options
 */
export function build({ changedOnly, log = (line) => console.log(line) }) {
  const force = ['1', 'true', 'yes'].includes(process.env.FORCE_BUILD ?? '');
  for (const target of targets) {
    const state = buildState(root, target);
    if (changedOnly && !force && state.upToDate) {
      log(`${target.name}: up to date, not rebuilt (FORCE_BUILD=1 npm start rebuilds it)`);
      continue;
    }
    if (changedOnly) log(`${target.name}: building (${force ? 'FORCE_BUILD' : state.reason})`);
    if (!runWorkspaceBuild(target.workspace)) return false;
    recordBuild(root, target, state.hash);
  }
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!build({ changedOnly: process.argv.includes('--changed') })) process.exit(1);
}

// Whether a workspace's build is up to date (so `npm start` does not rebuild everything every
// time). A build records a SHA-256 of its inputs (every file of the source folders and the
// build configuration, the lockfile, and the environment variables the build reads) in
// `<output>/.build-inputs` once it has succeeded; the build is up to date while its output's entry
// file exists and that record equals the hash of the inputs as they are now. Contents are hashed,
// not modification times: a checkout, `git stash` or a copy that touches files without changing
// them builds nothing, and an edit whose time is older than the output still rebuilds.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} BuildTarget
 * @property {string} name          what the messages call it
 * @property {string} workspace     the npm workspace whose `build` script makes it
 * @property {string} output        its output folder (emptied by the build), relative to the root
 * @property {string} entry         a file the build leaves in it, relative to the root
 * @property {string[]} inputs      files and folders (read recursively) the build reads
 * @property {string[]} env         environment variables the build reads
 */

/** Read by both builds: the domain package (bundled into each), the lockfile, the base tsconfig. */
const shared = ['packages/domain/src', 'packages/domain/package.json', 'package-lock.json'];

/** @type {BuildTarget[]} In build order (the order of `npm run build`). */
export const targets = [
  {
    name: 'web app',
    workspace: '@apothecall/web',
    output: 'apps/web/dist',
    entry: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'apps/web/scripts/precompress.mjs',
      'tsconfig.base.json',
      ...shared,
    ],
    // vite.config.ts: the build's version, which the app and version.json carry.
    env: ['APOTHECALL_BUILD_VERSION'],
  },
  {
    name: 'server',
    workspace: '@apothecall/server',
    output: 'apps/server/dist',
    entry: 'apps/server/dist/main.js',
    inputs: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/tsconfig.json',
      'apps/server/package.json',
      'tsconfig.base.json',
      ...shared,
    ],
    env: [],
  },
];

const recordName = '.build-inputs';

/** Every file of `input` (a file, or a folder read recursively), relative to `root`, with '/'. */
function filesOf(root, input) {
  const full = path.join(root, input);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return [input];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );
}

/**
 * The hash of a target's inputs now: each file's path, length and bytes in path order, then each
 * environment variable's name and value (unset and empty are the same).
 * @param {string} root
 * @param {BuildTarget} target
 * @param {Record<string, string | undefined>} env
 */
export function inputsHash(root, target, env = process.env) {
  const files = new Set(target.inputs.flatMap((input) => filesOf(root, input)));
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    const bytes = readFileSync(path.join(root, file));
    hash.update(`file ${file} ${bytes.length}\n`);
    hash.update(bytes);
  }
  for (const name of target.env) hash.update(`env ${name}=${env[name] ?? ''}\n`);
  return hash.digest('hex');
}

/**
 * Whether the target's output was built from its inputs as they are now; `reason` says why not.
 * @param {string} root
 * @param {BuildTarget} target
 * @param {Record<string, string | undefined>} env
 * @returns {{ upToDate: boolean, hash: string, reason: string }}
 */
export function buildState(root, target, env = process.env) {
  const hash = inputsHash(root, target, env);
  if (!existsSync(path.join(root, target.entry))) {
    return { upToDate: false, hash, reason: 'not built yet' };
  }
  let recorded = '';
  try {
    recorded = readFileSync(path.join(root, target.output, recordName), 'utf8').trim();
  } catch {
    return { upToDate: false, hash, reason: 'built without a record of its inputs' };
  }
  return recorded === hash
    ? { upToDate: true, hash, reason: 'up to date' }
    : { upToDate: false, hash, reason: 'its sources changed' };
}

/**
 * Notes that the target's output was built from inputs of this hash. Call it after the build
 * succeeded, with the hash taken before the build started: a file changed during the build then
 * makes the next start build again.
 * @param {string} root
 * @param {BuildTarget} target
 * @param {string} hash
 */
export function recordBuild(root, target, hash) {
  writeFileSync(path.join(root, target.output, recordName), `${hash}\n`);
}

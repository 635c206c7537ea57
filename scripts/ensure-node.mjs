// Gives this project Node.js 24 LTS on a machine whose system Node is older (these machines
// ship Node 20 from the system packages). It must itself run on old Node, and uses nothing but
// Node's own modules, npm and tar.
//
//   node scripts/ensure-node.mjs            (the root `postinstall`) links node_modules/.bin/node
//                                           to a pinned Node 24, so every npm script runs on it
//   node scripts/ensure-node.mjs --bin-dir  prints a folder holding Node 24's `node` (for
//                                           .ci/run, which puts it first on PATH before npm runs)
//
// Where the running Node is already 24 or newer it does nothing (no download, no link), so a
// user who has Node 24 is not slowed down. Otherwise it fetches the official binary that the
// Node.js project publishes on the npm registry (`node-<os>-<arch>`) through `npm pack` (npm's
// cache and registry settings apply), checks it against the integrity pinned below, and
// unpacks it once into .tools/. Why this way: docs/operations.md ("Node.js 24").
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_MAJOR = 24;
const NODE_VERSION = '24.21.0';
/** sha512 of each registry tarball, as published (`npm view node-<os>-<arch>@VERSION dist.integrity`). */
const INTEGRITY = {
  'linux-x64':
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  'linux-arm64':
    'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wantBinDir = process.argv.includes('--bin-dir');
const major = Number(process.versions.node.split('.')[0]);

function say(line) {
  // --bin-dir answers on stdout; everything else is for people, on stderr.
  process.stderr.write(`ensure-node: ${line}\n`);
}

if (major >= NODE_MAJOR) {
  if (wantBinDir) process.stdout.write(`${path.dirname(process.execPath)}\n`);
  // Installed by a Node 24 that is this project's own copy (.ci/run puts it on PATH): link it
  // all the same, so npm scripts started later from a shell with an older Node still use it.
  else if (process.execPath.startsWith(path.join(root, '.tools') + path.sep)) {
    linkNode(process.execPath);
  }
  process.exit(0);
}

const target = `${process.platform}-${process.arch}`;
const integrity = INTEGRITY[target];
if (!integrity) {
  say(
    `this project runs on Node.js ${NODE_MAJOR}; this is Node ${process.versions.node} on ${target}, ` +
      `for which no pinned binary is known. Install Node ${NODE_MAJOR} (for example \`nvm install\`, ` +
      'which reads .nvmrc) and run npm install again.',
  );
  // Not a failed install: `npm start` and `npm test` refuse with the same advice.
  if (wantBinDir) process.exit(1);
  process.exit(0);
}

const home = path.join(root, '.tools', `node-v${NODE_VERSION}-${target}`);
const nodeBin = path.join(home, 'bin', 'node');

function installedVersion() {
  if (!existsSync(nodeBin)) return undefined;
  try {
    return execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

if (installedVersion() !== `v${NODE_VERSION}`) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'apothecall-node-'));
  try {
    const spec = `node-${target}@${NODE_VERSION}`;
    say(`fetching Node.js ${NODE_VERSION} for ${target} (${spec}) from the npm registry`);
    const packed = JSON.parse(
      execFileSync('npm', ['pack', spec, '--json', '--pack-destination', tmp], {
        cwd: tmp,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        // The project's scripts and workspaces are not npm pack's business here.
        env: { ...process.env, npm_config_workspaces: 'false', npm_config_ignore_scripts: 'true' },
      }),
    );
    const tarball = path.join(tmp, packed[0].filename);
    const digest = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (digest !== integrity) {
      throw new Error(`${spec} does not match the pinned integrity (got ${digest})`);
    }
    const staging = path.join(tmp, 'node');
    mkdirSync(staging);
    execFileSync('tar', ['-xzf', tarball, '-C', staging, '--strip-components=1']);
    rmSync(home, { recursive: true, force: true });
    mkdirSync(path.dirname(home), { recursive: true });
    renameSync(staging, home);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const got = installedVersion();
  if (got !== `v${NODE_VERSION}`) {
    say(`the unpacked Node.js did not start (${got ?? 'no version'})`);
    process.exit(1);
  }
}

if (wantBinDir) {
  process.stdout.write(`${path.dirname(nodeBin)}\n`);
  process.exit(0);
}

linkNode(nodeBin);
say(
  `npm scripts run on Node.js ${NODE_VERSION} (node_modules/.bin/node); ` +
    `this shell's node is ${process.version}.`,
);

/**
 * npm puts node_modules/.bin first on PATH for every script (and every workspace's script), so
 * this link makes `npm start`, `npm test` and what they spawn run on Node 24.
 */
function linkNode(target) {
  const binDir = path.join(root, 'node_modules', '.bin');
  const link = path.join(binDir, 'node');
  const relative = path.relative(binDir, target);
  mkdirSync(binDir, { recursive: true });
  let current;
  try {
    current = lstatSync(link).isSymbolicLink() ? readlinkSync(link) : 'not a link';
  } catch {
    current = undefined;
  }
  if (current !== relative) {
    if (current !== undefined) unlinkSync(link);
    symlinkSync(relative, link);
  }
}

// `npm test`: every check the project has, in one command, with one closing line.
//   lint + format (Biome) -> Dockerfile lint -> type-check (TypeScript 7, every program) -> import boundaries
//   (dependency-cruiser) -> Debian's Chromium, libfaketime and HAProxy -> unit + integration
//   (Vitest; PGlite always, PostgreSQL when TEST_DATABASE_URL is set, the date-sensitive files again
//   at three shifted clocks; the native bridge in Chromium) -> production build -> native projects
//   (cap sync) -> e2e (Playwright + Debian Chromium; the @clock tests again at the shifted clocks).
// Ends with "tests: N passed, N failed" counting the Vitest and Playwright tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nativeTsc, typecheckPrograms } from './typecheck.mjs';

// npm runs this on the Node.js 24 that `npm install` linked into node_modules/.bin (see
// scripts/ensure-node.mjs); run directly on an older Node, it says what to do instead.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `npm test needs Node.js 24; this is ${process.version}. Run \`npm install\` (it provides ` +
      'Node.js 24 for npm scripts) and then `npm test`, or install Node.js 24 (.nvmrc).',
  );
  process.exit(1);
}

/** `GLIBC_TUNABLES` with glibc's malloc on transparent huge pages, unless it already says. */
function withHugePages(tunables = '') {
  return tunables.includes('glibc.malloc.hugetlb')
    ? tunables
    : [tunables, 'glibc.malloc.hugetlb=1'].filter(Boolean).join(':');
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const steps = [
  { name: 'lint and format', cmd: 'npx', args: ['biome', 'check', '.'] },
  { name: 'container recipe', cmd: 'node', args: ['scripts/lint-dockerfile.mjs'] },
  // The type-check: TypeScript 7's native compiler on each program (scripts/typecheck.mjs).
  ...typecheckPrograms.map((ws) => ({
    name: `type-check ${ws}`,
    cmd: process.execPath,
    args: [nativeTsc, '-p', ws],
  })),
  {
    name: 'import boundaries',
    cmd: 'npx',
    args: ['depcruise', 'apps', 'packages', 'e2e', 'bench', '--config', '.dependency-cruiser.cjs'],
  },
  // Debian's Chromium: the e2e specs that need the full browser (notifications).
  {
    name: 'chromium',
    cmd: 'node',
    args: [
      'scripts/ensure-debian-package.mjs',
      process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      'chromium',
    ],
  },
  // Debian's chromium-headless-shell: the web app's browser tests and the e2e specs that need no
  // full browser.
  {
    name: 'chromium-headless-shell',
    cmd: 'node',
    args: [
      'scripts/ensure-debian-package.mjs',
      process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
      'chromium-headless-shell',
    ],
  },
  // Debian's libfaketime: the date-sensitive tests run again with the clock moved.
  {
    name: 'libfaketime',
    cmd: 'node',
    args: [
      'scripts/ensure-debian-package.mjs',
      '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1',
      'faketime',
    ],
  },
  // Debian's HAProxy: the two-instance test (apps/server/src/two-instances.int.test.ts).
  {
    name: 'haproxy',
    cmd: 'node',
    args: ['scripts/ensure-debian-package.mjs', '/usr/sbin/haproxy', 'haproxy'],
  },
  {
    name: 'unit and integration tests',
    // glibc's malloc asks the kernel for transparent huge pages (2 MiB) for the large blocks it
    // maps (glibc 2.35 and later; the kernel's THP setting is `madvise` here and on the CI's
    // machine). The embedded database's tests page-faulted a third of their CPU into the kernel,
    // 4 KiB at a time: two server integration files took 65.7 CPU-seconds and 1.68 million faults
    // without it, 52.8 and 0.74 million with it (docs/operations.md). Vitest's workers and the
    // servers its tests start inherit it; an older glibc or another libc ignores it. Not for the
    // e2e step, where the same setting made a spec slower (care-visit 171 and 173 s against 145
    // and 154), nor for the product (huge pages raise the memory issue 38's item 6 holds down).
    env: { GLIBC_TUNABLES: withHugePages(process.env.GLIBC_TUNABLES) },
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ],
  },
  { name: 'production build', cmd: 'npm', args: ['run', 'build'] },
  // The JavaScript each main route needs at its first paint, against scripts/web-budget.json.
  { name: 'web size budget', cmd: 'node', args: ['scripts/web-budget.mjs'] },
  // The native apps: the production build synced into ios/ and android/.
  { name: 'native projects (cap sync)', cmd: 'node', args: ['scripts/native-sync-check.mjs'] },
  { name: 'e2e tests', cmd: 'npx', args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts'] },
];

/**
 * The static checks (lint, the Dockerfile, each workspace's type-check, the import boundaries)
 * need nothing from each other: two at a time (the machine's cores), each one's output printed in
 * order once it ends.
 */
const staticSteps = steps.filter(
  (step) =>
    ['lint and format', 'container recipe', 'import boundaries'].includes(step.name) ||
    step.name.startsWith('type-check'),
);
const results = [];
{
  const startedAll = Date.now();
  const outcomes = new Map();
  const queue = [...staticSteps];
  const runOne = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const started = Date.now();
      const outcome = await new Promise((resolve) => {
        const child = spawn(step.cmd, step.args, { cwd: root, env: process.env });
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        child.on('close', (code) => resolve({ ok: code === 0, output }));
      });
      outcomes.set(step.name, { ...outcome, seconds: (Date.now() - started) / 1000 });
    }
  };
  await Promise.all([runOne(), runOne()]);
  for (const step of staticSteps) {
    const outcome = outcomes.get(step.name);
    console.log(`\n=== ${step.name}`);
    process.stdout.write(outcome.output);
    results.push({ name: step.name, ok: outcome.ok, seconds: outcome.seconds });
  }
  console.log(
    `\n(static checks: ${((Date.now() - startedAll) / 1000).toFixed(1)} s, two at a time)`,
  );
}
for (const step of steps.filter((s) => !staticSteps.includes(s))) {
  const blocked = results.some((r) => !r.ok);
  if (
    blocked &&
    ['production build', 'web size budget', 'native projects (cap sync)', 'e2e tests'].includes(
      step.name,
    )
  ) {
    results.push({ name: step.name, ok: false, skipped: true });
    continue;
  }
  console.log(`\n=== ${step.name}`);
  const started = Date.now();
  const run = spawnSync(step.cmd, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  results.push({ name: step.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

let passed = 0;
let failed = 0;
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += (v.numFailedTests ?? 0) + (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (existsSync(playwrightJson)) {
  const p = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  passed += p.stats?.expected ?? 0;
  failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0) + (p.stats?.skipped ?? 0);
}

console.log('\n=== summary');
for (const r of results) {
  const status = r.skipped ? 'not run (an earlier step failed)' : r.ok ? 'ok' : 'FAILED';
  console.log(`  ${r.name.padEnd(30)} ${status}${r.seconds ? ` (${r.seconds.toFixed(1)} s)` : ''}`);
}
const allOk = results.every((r) => r.ok);
// A failed step that is not a test (lint, types, build) still counts as one failure; a step not
// run because an earlier one failed is no failure of its own.
const stepFailures = results.filter(
  (r) => !r.ok && !r.skipped && !['unit and integration tests', 'e2e tests'].includes(r.name),
).length;
console.log(`tests: ${passed} passed, ${failed + stepFailures} failed`);
process.exit(allOk && failed === 0 ? 0 : 1);

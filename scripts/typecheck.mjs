// `npm run typecheck`: every TypeScript program of the repository, checked with TypeScript 7's
// native compiler. `npm test` runs the same programs two at a time (scripts/test.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The programs: the server and the benchmarks are one (tsconfig.node.json), since the benchmarks
 * import the server and checking them apart checked the server twice.
 */
export const typecheckPrograms = ['packages/domain', 'tsconfig.node.json', 'apps/web', 'e2e'];

/**
 * TypeScript 7, the native compiler, installed as `typescript-native` (an alias of
 * `typescript@7`): the four programs took 13.9, 33.8, 29.7 and 5.0 s with TypeScript 6 and 3.8,
 * 14.7, 9.8 and 0.8 s with it, with the same errors. TypeScript 6 stays the `typescript` package
 * for what uses its JavaScript API (dependency-cruiser, openapi-typescript's generator and the
 * OpenAPI test, scripts/code-size.mjs) and for editors. Named by path: both packages have a
 * `tsc` bin, and which of them node_modules/.bin/tsc links to depends on the install.
 */
export const nativeTsc = path.join(root, 'node_modules/typescript-native/bin/tsc');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const program of typecheckPrograms) {
    const run = spawnSync(process.execPath, [nativeTsc, '-p', program], {
      cwd: root,
      stdio: 'inherit',
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}

// Bundles the server (with the domain package's TypeScript) into dist/main.js, and the image
// worker it forks (platform/files/image-worker.ts) into dist/image-worker.js and the embedded
// database's thread (db/pglite-worker.ts) into dist/pglite-worker.js; npm packages
// stay external and load from node_modules. Copies the migrations (and the demo registry
// fixture) next to the bundle.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * `--outdir DIR --test`: the same bundle for the tests that start the server in a child process
 * (test/global-setup.ts), in a folder of the run's own, with two entry points more: the registry
 * import command and the PGlite template writer. Node starts a bundle in about a third of the CPU
 * tsx's loader takes for the same sources (2.6 s against 6-7 s on a two-core machine).
 */
const args = process.argv.slice(2);
const outdirAt = args.indexOf('--outdir');
const dist = outdirAt >= 0 ? path.resolve(args[outdirAt + 1]) : path.join(here, 'dist');
const forTests = args.includes('--test');
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [
    { in: path.join(here, 'src/main.ts'), out: 'main' },
    // Found next to the bundle by platform/files/image-worker-process.ts.
    { in: path.join(here, 'src/platform/files/image-worker.ts'), out: 'image-worker' },
    // The embedded database's thread, found next to the bundle by db/pglite-thread.ts.
    { in: path.join(here, 'src/db/pglite-worker.ts'), out: 'pglite-worker' },
    ...(forTests
      ? [
          { in: path.join(here, 'src/registry-import.ts'), out: 'registry-import' },
          { in: path.join(here, 'test/pglite-templates.ts'), out: 'pglite-templates' },
        ]
      : []),
  ],
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  // Chunks: what main.ts imports with import() (the S3 store, the PDF writer) is its own file,
  // loaded with its npm packages when first needed rather than at start.
  splitting: true,
  sourcemap: !forTests,
  packages: 'external',
  // The domain workspace ships TypeScript sources, so it is bundled rather than imported.
  plugins: [
    {
      name: 'bundle-domain',
      setup(b) {
        b.onResolve({ filter: /^@apothecall\/domain\// }, (args) => ({
          path: path.join(
            here,
            '../../packages/domain/src',
            `${args.path.slice('@apothecall/domain/'.length)}.ts`,
          ),
        }));
      },
    },
  ],
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The NCPDP registry fixture the demo seed imports (db/seed/demo-pharmacies.ts).
cpSync(
  path.join(here, 'src/db/seed/nppes-pharmacies.csv'),
  path.join(dist, 'nppes-pharmacies.csv'),
);

// The web app's size budget: the JavaScript (gzip) each main route needs at its first paint, from
// the production build, against its budget in scripts/web-budget.json. Fails naming the route,
// its size and its budget. `npm test` runs it after the build; a person runs
// `node scripts/web-budget.mjs [dist]` (default apps/web/dist) to see every route's figure.
//
// A route's scripts: those index.html loads (the entry and the classic scripts before it), and
// for each chunk the route names (its screen, the language's texts, the signed-in shell's parts)
// that chunk; each with everything it imports statically, from Vite's build manifest
// (dist/.vite/manifest.json). Each file counts as the server sends it: gzip level 9 as
// apps/web/scripts/precompress.mjs writes it, or as it is under 512 bytes (not compressed).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
/** Files under this size are sent as they are (apps/web/scripts/precompress.mjs). */
const minCompressedBytes = 512;

/**
 * @typedef {{ file: string; imports?: string[]; isEntry?: boolean }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ route: string; chunks: string[]; budgetKB: number; why?: string }} RouteBudget
 */

/**
 * The files a route loads: the page's own scripts, then each named chunk's file and, depth
 * first, the files of everything it imports statically. Throws for a name the manifest lacks
 * (a moved or renamed screen must be renamed in the budget too).
 * @param {Manifest} manifest
 * @param {string[]} pageScripts files index.html loads itself (relative to dist)
 * @param {string[]} chunks manifest keys (source paths relative to apps/web)
 * @returns {string[]}
 */
export function routeFiles(manifest, pageScripts, chunks) {
  const files = new Set(pageScripts);
  const seen = new Set();
  const visit = (/** @type {string} */ key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no chunk for ${key}`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of chunks) visit(key);
  return [...files];
}

/** The scripts index.html loads: its module entry, preloads and classic scripts, in order. */
export function pageScripts(/** @type {string} */ html) {
  const tags = [...html.matchAll(/<(script|link)\b([^>]*)>/g)];
  return tags
    .filter(
      ([, tag, attributes = '']) => tag === 'script' || /rel="modulepreload"/.test(attributes),
    )
    .map(([, , attributes = '']) => /\b(?:src|href)="\/?([^"]+)"/.exec(attributes)?.[1] ?? '')
    .filter((file) => /\.m?js$/.test(file));
}

/** The bytes a file is sent in: gzip level 9, or as it is when too small to be compressed. */
export function sentBytes(/** @type {Buffer} */ bytes) {
  return bytes.length < minCompressedBytes ? bytes.length : gzipSync(bytes, { level: 9 }).length;
}

/**
 * Every route's figure and whether it is within its budget.
 * @param {RouteBudget[]} routes
 * @param {(chunks: string[]) => string[]} filesOf
 * @param {(file: string) => number} sizeOf
 */
export function measureRoutes(routes, filesOf, sizeOf) {
  return routes.map((r) => {
    const files = filesOf(r.chunks);
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    return {
      route: r.route,
      files: files.length,
      bytes,
      budgetKB: r.budgetKB,
      ok: bytes <= r.budgetKB * 1024,
    };
  });
}

/** The lines to print, and those naming each route over its budget. */
export function report(/** @type {ReturnType<typeof measureRoutes>} */ results) {
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = results.map(
    (r) =>
      `  ${r.route.padEnd(32)} ${kb(r.bytes).padStart(9)} gzip in ${String(r.files).padStart(2)} files, budget ${r.budgetKB} KB${r.ok ? '' : '  OVER'}`,
  );
  const failures = results
    .filter((r) => !r.ok)
    .map(
      (r) =>
        `web budget: ${r.route} needs ${kb(r.bytes)} of JavaScript (gzip) at its first paint, over its budget of ${r.budgetKB} KB (scripts/web-budget.json)`,
    );
  return { lines, failures };
}

/** Measures the build in `dist` against scripts/web-budget.json; false when a route is over. */
export function checkBuild(/** @type {string} */ dist) {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(
      `no ${path.relative(root, manifestFile)}: build the web app first (npm run build)`,
    );
  }
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  /** @type {{ routes: RouteBudget[] }} */
  const budget = JSON.parse(readFileSync(path.join(root, 'scripts', 'web-budget.json'), 'utf8'));
  const page = pageScripts(readFileSync(path.join(dist, 'index.html'), 'utf8'));
  const results = measureRoutes(
    budget.routes,
    (chunks) => routeFiles(manifest, page, chunks),
    (file) => sentBytes(readFileSync(path.join(dist, file))),
  );
  const { lines, failures } = report(results);
  console.log(
    `web budget: JavaScript (gzip) at each route's first paint, ${path.relative(root, dist)}`,
  );
  for (const line of lines) console.log(line);
  for (const failure of failures) console.error(failure);
  return failures.length === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps', 'web', 'dist'));
  if (!checkBuild(dist)) process.exit(1);
}

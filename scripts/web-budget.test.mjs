// The web budget's own logic (scripts/web-budget.mjs), on a tiny made-up manifest: which files a
// route counts, how a file is counted and what a route over its budget prints.
import { describe, expect, it } from 'vitest';
import { measureRoutes, pageScripts, report, routeFiles, sentBytes } from './web-budget.mjs';

/** @type {import('./web-budget.mjs').Manifest} */
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
  _vendor: { file: 'assets/unused.js' },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_vendor.js', '_field.js'] },
  '_field.js': { file: 'assets/field.js', imports: ['_form.js'] },
  'src/login.tsx': { file: 'assets/login.js', imports: ['index.html', '_form.js'] },
  'src/home.tsx': { file: 'assets/home.js', imports: ['index.html'] },
  'texts.en.ts': { file: 'assets/texts.en.js' },
};

describe('routeFiles', () => {
  it("counts the page's scripts, then each chunk with its static imports, once each", () => {
    expect(routeFiles(manifest, ['zod-config.js'], ['src/login.tsx', 'texts.en.ts'])).toEqual([
      'zod-config.js',
      'assets/login.js',
      'assets/index.js',
      'assets/vendor.js',
      'assets/form.js',
      'assets/field.js',
      'assets/texts.en.js',
    ]);
    expect(routeFiles(manifest, ['assets/index.js'], ['src/home.tsx'])).toEqual([
      'assets/index.js',
      'assets/home.js',
      'assets/vendor.js',
    ]);
  });

  it('fails for a chunk the manifest does not have, naming it', () => {
    expect(() => routeFiles(manifest, [], ['src/renamed.tsx'])).toThrow(
      "the build's manifest has no chunk for src/renamed.tsx",
    );
  });
});

describe('pageScripts', () => {
  it("reads index.html's classic scripts, module entry and module preloads, not its styles", () => {
    const html = [
      '<script src="/zod-config.js"></script>',
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-c3.css">',
    ].join('\n');
    expect(pageScripts(html)).toEqual([
      'zod-config.js',
      'assets/index-a1.js',
      'assets/vendor-b2.js',
    ]);
  });
});

describe('sentBytes', () => {
  it('counts a small file as it is and a larger one gzipped', () => {
    expect(sentBytes(Buffer.alloc(511, 'a'))).toBe(511);
    const large = sentBytes(Buffer.alloc(4096, 'a'));
    expect(large).toBeGreaterThan(0);
    expect(large).toBeLessThan(100);
  });
});

describe('measureRoutes and report', () => {
  const sizes = /** @type {Record<string, number>} */ ({
    'assets/index.js': 100 * 1024,
    'assets/vendor.js': 20 * 1024,
    'assets/form.js': 6 * 1024,
    'assets/field.js': 1024,
    'assets/login.js': 3 * 1024,
    'assets/home.js': 40 * 1024,
  });
  const results = measureRoutes(
    [
      { route: '/#/login', chunks: ['src/login.tsx'], budgetKB: 130 },
      { route: '/#/', chunks: ['src/home.tsx'], budgetKB: 150 },
    ],
    (chunks) => routeFiles(manifest, [], chunks),
    (file) => sizes[file] ?? 0,
  );

  it("sums each route's files against its budget", () => {
    expect(results).toEqual([
      { route: '/#/login', files: 5, bytes: 130 * 1024, budgetKB: 130, ok: true },
      { route: '/#/', files: 3, bytes: 160 * 1024, budgetKB: 150, ok: false },
    ]);
  });

  it('names the route over its budget, with its size and its budget', () => {
    const { lines, failures } = report(results);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('OVER');
    expect(failures).toEqual([
      'web budget: /#/ needs 160.0 KB of JavaScript (gzip) at its first paint, over its budget of 150 KB (scripts/web-budget.json)',
    ]);
  });
});

// bench/web: what a browser downloads for the first screens. The product (PGlite,
// the built web app, bench/web/server.ts) in its own process; Debian's Chromium (playwright-core)
// asks for gzip only (Accept-Encoding: gzip), opens /#/login, then logs in as the demo patient
// and reaches Home. A screen's figure is the sum of the encoded (transfer) sizes of the script
// responses the page received up to that screen: each response's Content-Length (the body as
// sent, gzip), checked against the body size Chromium reports and against the .gz file the build
// wrote. Also: the entry's uncompressed JS, that no source map is built or served, that every
// text asset has its .br and .gz beside it and that the server sends them by Accept-Encoding,
// and Lighthouse (mobile, cold cache) on /#/login and Home.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { printTable, type Row } from '../report';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
/** The build under test: apps/web/dist, or WEB_DIST (e.g. a build written elsewhere). */
const dist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const patient = { loginId: 'patient@apothecall.test', password: 'Apothecall-Demo-1' };
/** The text assets the build compresses (apps/web/scripts/precompress.mjs: 512 bytes and up). */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const minCompressedBytes = 512;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Script {
  pathname: string;
  /** The body as sent (Content-Length), in the encoding the server chose. */
  encoded: number;
  encoding: string;
  /** The file's own size in dist. */
  raw: number;
}

/** The product server (bench/web/server.ts) in a child process; resolves with its URL. */
async function startWebServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'server.ts')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', WEB_DIST: dist },
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const ready = /^READY (\d+)$/m.exec(out);
      if (ready) resolve(Number(ready[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench/web/server.ts exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Records every script response of a page, by path, from now on. */
function recordScripts(page: Page): Map<string, Promise<Script>> {
  const seen = new Map<string, Promise<Script>>();
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const pathname = new URL(response.url()).pathname;
    if (seen.has(pathname)) return;
    seen.set(
      pathname,
      (async () => {
        const headers = await response.allHeaders();
        const sizes = await response.request().sizes();
        const length = Number(headers['content-length'] ?? Number.NaN);
        const encoded = Number.isFinite(length) ? length : sizes.responseBodySize;
        if (Number.isFinite(length) && length !== sizes.responseBodySize) {
          throw new Error(
            `${pathname}: Content-Length ${length}, but Chromium received ${sizes.responseBodySize}`,
          );
        }
        const file = path.join(dist, pathname);
        return {
          pathname,
          encoded,
          encoding: headers['content-encoding'] ?? 'identity',
          raw: existsSync(file) ? statSync(file).size : 0,
        };
      })(),
    );
  });
  return seen;
}

async function settled(scripts: Map<string, Promise<Script>>): Promise<Script[]> {
  return Promise.all(scripts.values());
}

function total(scripts: Script[], field: 'encoded' | 'raw'): number {
  return scripts.reduce((sum, s) => sum + s[field], 0);
}

/**
 * Every script was sent gzip-encoded and is the very .gz file the build wrote (scripts under
 * 512 bytes are sent as they are: the build does not compress them).
 */
function checkGzip(scripts: Script[]): void {
  for (const s of scripts) {
    const gz = path.join(dist, `${s.pathname}.gz`);
    if (existsSync(gz)) {
      if (s.encoding !== 'gzip' || s.encoded !== statSync(gz).size) {
        throw new Error(
          `${s.pathname}: sent ${s.encoding} ${s.encoded} bytes, the build's .gz has ${statSync(gz).size}`,
        );
      }
    } else if (s.encoding !== 'identity' || s.encoded !== s.raw) {
      throw new Error(`${s.pathname}: no .gz in dist, yet sent ${s.encoding} ${s.encoded} bytes`);
    }
  }
}

/** The demo patient logs in through the form and reaches Home. */
async function logInAsPatient(page: Page): Promise<void> {
  await page.getByLabel(/E-mail or user id|Correo electrónico o usuario/).fill(patient.loginId);
  await page.getByLabel(/^(Password|Contraseña)$/).fill(patient.password);
  await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).click();
  await page.getByRole('heading', { name: /Welcome|Bienvenido/ }).waitFor();
}

/** index.html's entry script and the modules it preloads: what runs before any route's chunk. */
function entryFiles(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  return [...entry, ...preloads].filter((p): p is string => Boolean(p));
}

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full));
    else found.push(full);
  }
  return found;
}

function ensureBuild(): void {
  if (existsSync(path.join(dist, 'index.html'))) return;
  if (process.env.WEB_DIST) throw new Error(`bench/web: no built web app in WEB_DIST (${dist})`);
  console.log(
    'bench/web: apps/web/dist is missing; building it (npm run build -w @apothecall/web)',
  );
  execFileSync('npm', ['run', 'build', '-w', '@apothecall/web'], { cwd: root, stdio: 'inherit' });
}

const notMeasured = (why: string): Row[] =>
  [
    ['JS for /#/login (gzip)', '<= 130 KB'],
    ['JS for Home (gzip)', '<= 180 KB'],
    ['source maps served', 'none'],
    ['assets pre-compressed (br+gz)', 'yes'],
  ].map(([figure = '', goal = '']) => ({ figure, value: why, goal, met: 'not measured' }));

export async function benchWeb(): Promise<Row[]> {
  ensureBuild();
  if (!existsSync(chromiumPath)) {
    console.log(`bench/web: no Chromium at ${chromiumPath} (apt-get install -y chromium)`);
    return notMeasured('no Chromium');
  }
  console.log(`bench/web: ${path.relative(root, dist)} in Chromium, gzip only, scripts per screen`);
  const server = await startWebServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath });
    // The page's own scripts: the service worker (blocked here) precaches the rest of the app
    // in the background once the page has loaded; that is not what the first screen waits for.
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      serviceWorkers: 'block',
      extraHTTPHeaders: { 'accept-encoding': 'gzip' },
    });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).waitFor();
    await page.waitForLoadState('networkidle');
    const login = await settled(scripts);
    await logInAsPatient(page);
    await page.waitForLoadState('networkidle');
    const home = await settled(scripts);
    checkGzip(home);

    // Home opened afresh by a signed-in patient (same session, empty cache): the scripts of
    // Home without the login screen's.
    const signedIn = await browser.newContext({
      viewport: { width: 360, height: 740 },
      serviceWorkers: 'block',
      extraHTTPHeaders: { 'accept-encoding': 'gzip' },
      storageState: await context.storageState(),
    });
    const homePage = await signedIn.newPage();
    const homeScripts = recordScripts(homePage);
    await homePage.goto(`${server.url}/#/`);
    await homePage.getByRole('heading', { name: /Welcome|Bienvenido/ }).waitFor();
    await homePage.waitForLoadState('networkidle');
    const homeCold = await settled(homeScripts);
    checkGzip(homeCold);

    const entryRaw = entryFiles().reduce((sum, p) => sum + statSync(path.join(dist, p)).size, 0);
    if (process.env.BENCH_VERBOSE) {
      for (const s of home) {
        const when = login.includes(s) ? 'login' : 'home';
        console.log(
          `    ${when} ${kb(s.encoded).padStart(9)} ${s.encoding.padEnd(8)} ${s.pathname}`,
        );
      }
    }
    const loginGzip = total(login, 'encoded');
    const homeGzip = total(home, 'encoded');

    // Source maps: none in the build, none referenced, and the server answers 404 for one.
    const distFiles = filesUnder(dist);
    const maps = distFiles.filter((f) => f.endsWith('.map'));
    const mapComments = distFiles.filter(
      (f) => /\.(js|css)$/.test(f) && readFileSync(f, 'utf8').includes('sourceMappingURL='),
    );
    const entryScript = entryFiles()[0] ?? '/assets/index.js';
    const mapStatus = (await fetch(`${server.url}${entryScript}.map`)).status;
    const noMaps = maps.length === 0 && mapComments.length === 0 && mapStatus === 404;

    // Pre-compressed: a .br and a .gz beside every text asset the build compresses, and the
    // server picks them by Accept-Encoding (checked on the entry script).
    const text = distFiles.filter(
      (f) => compressible.test(f) && statSync(f).size >= minCompressedBytes,
    );
    const missing = text.filter((f) => !existsSync(`${f}.br`) || !existsSync(`${f}.gz`));
    const encodings = await Promise.all(
      ['br', 'gzip'].map(async (encoding) => {
        const answer = await fetch(`${server.url}${entryScript}`, {
          headers: { 'accept-encoding': encoding },
        });
        await answer.arrayBuffer();
        return answer.headers.get('content-encoding');
      }),
    );
    const precompressed = missing.length === 0 && encodings.join() === 'br,gzip';

    console.log(
      `  /#/login: ${login.length} scripts, ${kb(loginGzip)} gzip (${kb(total(login, 'raw'))} uncompressed)`,
    );
    console.log(
      `  entry (index.html's script and its ${entryFiles().length - 1} preloads): ${kb(entryRaw)} uncompressed`,
    );
    console.log(
      `  Home after logging in: ${home.length} scripts, ${kb(homeGzip)} gzip in all (${kb(homeGzip - loginGzip)} after /#/login)`,
    );
    console.log(
      `  Home opened by a signed-in patient: ${homeCold.length} scripts, ${kb(total(homeCold, 'encoded'))} gzip`,
    );
    console.log(
      `  source maps: ${maps.length} in dist, ${mapComments.length} referenced, ${entryScript}.map answers ${mapStatus}`,
    );
    console.log(
      `  pre-compressed: ${text.length - missing.length} of ${text.length} text assets with .br and .gz; the entry sent as ${encodings.join(' / ')}`,
    );
    return [
      {
        figure: 'JS for /#/login (gzip)',
        value: kb(loginGzip),
        goal: '<= 130 KB',
        met: loginGzip <= 130 * 1024,
      },
      {
        figure: 'JS for Home (gzip)',
        value: kb(homeGzip),
        goal: '<= 180 KB',
        met: homeGzip <= 180 * 1024,
      },
      {
        figure: 'entry JS, uncompressed (reported)',
        value: kb(entryRaw),
        goal: '-',
        met: true,
      },
      {
        figure: 'source maps served',
        value: noMaps ? 'none' : `${maps.length} built, ${mapStatus}`,
        goal: 'none',
        met: noMaps,
      },
      {
        figure: 'assets pre-compressed (br+gz)',
        value: precompressed ? 'yes' : `${missing.length} missing, sent ${encodings.join('/')}`,
        goal: 'yes',
        met: precompressed,
      },
      ...(await lighthouseRows(server.url)),
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Lighthouse's lab metrics, in milliseconds (CLS: its score). */
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
}

/** The run whose performance score is the median of the runs (Lighthouse varies run to run). */
function medianRun(runs: Scores[]): Scores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return median;
}

/**
 * Lighthouse (mobile, its defaults: simulated slow 4G and a 4x slower CPU) on /#/login and on
 * Home as the logged-in demo patient, both with a cold cache, in Debian's Chromium: a browser
 * with a debugging port whose default profile holds the session. Lighthouse keeps the storage
 * (disableStorageReset) so the session stays; before each run the HTTP cache, the service worker
 * and its caches are emptied here instead (CDP), so nothing is served from a cache.
 * BENCH_LIGHTHOUSE_RUNS runs of each (default 3), the median reported; BENCH_LIGHTHOUSE=0 skips it.
 */
async function lighthouseRows(url: string): Promise<Row[]> {
  const figures = ['/#/login', 'Home (after login, cold cache)'].map(
    (name) => `Lighthouse mobile ${name} (perf / a11y / bp)`,
  );
  const goal = '>= 95 / 100 / >= 95';
  if (process.env.BENCH_LIGHTHOUSE === '0') {
    return figures.map((figure) => ({ figure, value: 'skipped', goal, met: 'not measured' }));
  }
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [`--remote-debugging-port=${port}`],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const cdp = await browser.newCDPSession(page);
    const coldCache = async () => {
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: url,
        storageTypes: 'service_workers,cache_storage',
      });
    };
    const score = async (target: string): Promise<Scores> => {
      await coldCache();
      const result = await lighthouse(target, {
        port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
      });
      const categories = result?.lhr.categories;
      const audits = result?.lhr.audits;
      const of = (id: string) => Math.round((categories?.[id]?.score ?? 0) * 100);
      const metric = (id: string) => audits?.[id]?.numericValue ?? Number.NaN;
      return {
        performance: of('performance'),
        accessibility: of('accessibility'),
        bestPractices: of('best-practices'),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        speedIndex: metric('speed-index'),
        cls: metric('cumulative-layout-shift'),
      };
    };
    const scoreRuns = async (target: string): Promise<Scores[]> => {
      const all: Scores[] = [];
      for (let i = 0; i < runs; i += 1) all.push(await score(target));
      return all;
    };
    const login = await scoreRuns(`${url}/#/login`);
    await page.goto(`${url}/#/login`);
    await logInAsPatient(page);
    const home = await scoreRuns(`${url}/#/`);
    return [login, home].map((all, i) => {
      const s = medianRun(all);
      const figure = figures[i] ?? '';
      const ms = (value: number) => `${Math.round(value)} ms`;
      console.log(
        `  ${figure.replace(' (perf / a11y / bp)', '')}: performance ${s.performance} (runs: ${all.map((r) => r.performance).join(', ')}), accessibility ${s.accessibility}, best practices ${s.bestPractices}; FCP ${ms(s.fcp)}, LCP ${ms(s.lcp)}, TBT ${ms(s.tbt)}, Speed Index ${ms(s.speedIndex)}, CLS ${s.cls.toFixed(3)}`,
      );
      return {
        figure,
        value: `${s.performance} / ${s.accessibility} / ${s.bestPractices}`,
        goal,
        met: s.performance >= 95 && s.accessibility === 100 && s.bestPractices >= 95,
      };
    });
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

// `npx tsx bench/web/run.ts`: this benchmark alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable(await benchWeb());
}

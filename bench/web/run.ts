// bench/web: what a browser downloads for the first screens. The product (PGlite, the built web
// app) in its own process; Debian's Chromium (playwright-core) opens /#/login, then logs in as
// the demo patient and reaches Home. Every script response is counted twice: as it came over the
// wire (the server sends the brotli copy Chromium asks for), and as the gzip copy the build wrote
// for it (the figure the goals name). Also checks that no source map is served and that every
// text asset has its .br and .gz beside it.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../processes';
import type { Row } from '../report';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../apps/web/dist');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Loaded {
  wire: number;
  gzip: number;
  raw: number;
  files: number;
}

/** The scripts a page loads while `step` runs, by the sizes of their files in dist. */
async function scriptsDuring(page: Page, step: () => Promise<void>): Promise<Loaded> {
  const seen = new Map<string, number>();
  const onResponse = async (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script') return;
    const sizes = await response.request().sizes();
    seen.set(new URL(response.url()).pathname, sizes.responseBodySize);
    if (process.env.BENCH_VERBOSE) console.log(`    ${new URL(response.url()).pathname}`);
  };
  page.on('response', onResponse);
  await step();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const loaded: Loaded = { wire: 0, gzip: 0, raw: 0, files: 0 };
  for (const [pathname, wire] of seen) {
    const file = path.join(dist, pathname);
    if (!existsSync(file)) continue;
    loaded.files += 1;
    loaded.wire += wire;
    loaded.raw += statSync(file).size;
    loaded.gzip += existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
  }
  return loaded;
}

function textAssets(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...textAssets(full));
    else if (/\.(js|css|html)$/.test(entry.name) && statSync(full).size >= 512) found.push(full);
  }
  return found;
}

/** The demo patient logs in through the form and reaches Home. */
async function logInAsPatient(page: Page): Promise<void> {
  await page
    .getByLabel(/E-mail or user id|Correo electrónico o usuario/)
    .fill('patient@apothecall.test');
  await page.getByLabel(/^(Password|Contraseña)$/).fill('Apothecall-Demo-1');
  await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).click();
  await page.getByRole('heading', { name: /Welcome|Bienvenido/ }).waitFor();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export async function benchWeb(): Promise<Row[]> {
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('bench/web needs the built web app: run `npm run build` first');
  }
  if (!existsSync(chromiumPath)) {
    console.log(`bench/web: no Chromium at ${chromiumPath} (apt-get install -y chromium)`);
    return [
      { figure: 'JS for /#/login (gzip)', value: '-', goal: '<= 130 KB', met: 'not measured' },
    ];
  }
  console.log('bench/web: the built app in Chromium, scripts counted per screen');
  process.env.WEB_DIST = dist;
  const server = await startServer('api/server.ts', ['api']);
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    // The page's own scripts. The service worker (blocked here) precaches the rest of the app
    // in the background once the page has loaded; that is not what the first screen waits for.
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const login = await scriptsDuring(page, async () => {
      await page.goto(`${server.url}/#/login`);
      await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).waitFor();
    });
    const home = await scriptsDuring(page, () => logInAsPatient(page));
    const homeTotal = login.gzip + home.gzip;
    const maps = await Promise.all(
      ['/assets/index.js.map', '/sw.js.map'].map(
        async (p) => (await fetch(`${server.url}${p}`)).status,
      ),
    );
    const assets = textAssets(dist);
    const precompressed = assets.filter((f) => existsSync(`${f}.br`) && existsSync(`${f}.gz`));
    const brotli = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
    console.log(
      `  /#/login: ${login.files} scripts, ${kb(login.raw)} raw, ${kb(login.gzip)} gzip, ${kb(login.wire)} over the wire (brotli)`,
    );
    console.log(
      `  Home after login: ${login.files + home.files} scripts, ${kb(homeTotal)} gzip in all (${kb(home.gzip)} more)`,
    );
    return [
      {
        figure: 'JS for /#/login (gzip)',
        value: kb(login.gzip),
        goal: '<= 130 KB',
        met: login.gzip <= 130 * 1024,
      },
      {
        figure: 'JS for Home (gzip, login included)',
        value: kb(homeTotal),
        goal: '<= 180 KB',
        met: homeTotal <= 180 * 1024,
      },
      {
        figure: 'source maps served',
        value: maps.every((s) => s === 404) ? 'none' : maps.join(', '),
        goal: 'none',
        met: maps.every((s) => s === 404),
      },
      {
        figure: 'text assets pre-compressed (br + gz), sent as br',
        value: `${precompressed.length} of ${assets.length}, ${brotli.headers.get('content-encoding') ?? 'identity'}`,
        goal: 'all, br',
        met:
          precompressed.length === assets.length && brotli.headers.get('content-encoding') === 'br',
      },
      ...(await lighthouseRows(server.url)),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
}

/**
 * Lighthouse (mobile, its defaults) on /#/login and on Home as the logged-in demo patient, in
 * Debian's Chromium: a browser with a debugging port whose default profile holds the session
 * (Lighthouse keeps the storage: disableStorageReset).
 */
async function lighthouseRows(url: string): Promise<Row[]> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [`--remote-debugging-port=${port}`],
  });
  try {
    const score = async (target: string): Promise<Scores> => {
      const result = await lighthouse(target, {
        port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
      });
      const categories = result?.lhr.categories;
      const of = (id: string) => Math.round((categories?.[id]?.score ?? 0) * 100);
      return {
        performance: of('performance'),
        accessibility: of('accessibility'),
        bestPractices: of('best-practices'),
      };
    };
    const login = await score(`${url}/#/login`);
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${url}/#/login`);
    await logInAsPatient(page);
    const home = await score(`${url}/#/`);
    const rows: Row[] = [];
    for (const [name, s] of [
      ['/#/login', login],
      ['Home (after login, cached)', home],
    ] as const) {
      console.log(
        `  Lighthouse mobile ${name}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}`,
      );
      rows.push({
        figure: `Lighthouse mobile ${name} (perf / a11y / bp)`,
        value: `${s.performance} / ${s.accessibility} / ${s.bestPractices}`,
        goal: '>= 95 / 100 / >= 95',
        met: s.performance >= 95 && s.accessibility === 100 && s.bestPractices >= 95,
      });
    }
    return rows;
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

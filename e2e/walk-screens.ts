/**
 * The whole-product walk: every route without a parameter, opened by every role (and
 * logged out), at phone (360 px) and desktop (1280 px) width, in English and Spanish, against a
 * running server (default http://localhost:3000, the embedded demo of `npm start`). Each screen a
 * role may open is screenshotted into .tmp/walk/ and checked for what a person would stumble on:
 * the page scrolling sideways, text under 12 px, a raw id (UUID) or "undefined"/"NaN" shown, a
 * message key instead of its text, English left on a Spanish screen's headings and buttons, and
 * (with --axe) axe's serious or critical violations. Not part of `npm test` (a few minutes of
 * page loads): a tool for the walk before an issue about the screens is called done.
 *
 *   npx tsx e2e/walk-screens.ts [--base http://localhost:3000] [--axe] [--roles patient,admin]
 *                               [--widths 360,1280] [--langs en,es]
 *
 * Prints one line per finding and a summary; exits 1 when anything was found.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { routes } from '../packages/domain/src/navigation/routes';
import { axeViolations } from './axe';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const base = option('base', 'http://localhost:3000');
const withAxe = args.includes('--axe');
const password = 'Apothecall-Demo-1';
const logins: Record<string, string | null> = {
  guest: null,
  patient: 'patient@apothecall.test',
  provider: 'provider@apothecall.test',
  pharmacist: 'pharmacist@apothecall.test',
  pharmacyAdmin: 'pharmacy-admin@apothecall.test',
  rxAdmin: 'rx-admin@apothecall.test',
  admin: 'admin@apothecall.test',
  support: 'support@apothecall.test',
};
const roles = option('roles', Object.keys(logins).join(',')).split(',');
const widths = option('widths', '360,1280').split(',').map(Number);
const langs = option('langs', 'en,es').split(',') as ('en' | 'es')[];
const out = path.resolve(import.meta.dirname, '../.tmp/walk');

const paths = routes.map((r) => r.path).filter((p) => !p.includes(':'));

interface Finding {
  where: string;
  what: string;
}
const findings: Finding[] = [];
let screens = 0;

async function logIn(page: Page, loginId: string) {
  await page.goto(`${base}/#/login`);
  await page.getByLabel(/E-mail or user id|Correo electrónico o usuario/).fill(loginId);
  await page.getByLabel(/^(Password|Contraseña)$/).fill(password);
  await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).click();
  await page.locator('[data-screen="home"]').waitFor({ timeout: 20_000 });
}

/** What the page shows that a person should not see (run in the page). */
function inspect(lang: 'en' | 'es') {
  const problems: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth + 1) {
    problems.push(`scrolls sideways (${root.scrollWidth} px wide at ${window.innerWidth})`);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const small = new Set<string>();
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (!text || !parent) continue;
    const style = getComputedStyle(parent);
    const box = parent.getBoundingClientRect();
    if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0) continue;
    if (parent.closest('[aria-hidden="true"], script, style, noscript')) continue;
    texts.push(text);
    if (Number.parseFloat(style.fontSize) < 12) small.add(text.slice(0, 30));
  }
  if (small.size > 0) problems.push(`text under 12 px: ${[...small].slice(0, 6).join(' | ')}`);
  const all = texts.join('\n');
  const uuid = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i.exec(all);
  if (uuid) problems.push(`raw id shown: ${uuid[0]}`);
  const broken = /\b(undefined|NaN|null)\b|\[object Object\]/.exec(all);
  if (broken) problems.push(`shows "${broken[0]}"`);
  const key = /\b[a-z]+[A-Za-z]*\.[a-z][A-Za-z]*\.[a-z][A-Za-z.]*\b/.exec(all);
  if (key && !/@|\.(com|test|org|net|localhost)\b/.test(key[0])) {
    problems.push(`message key shown: ${key[0]}`);
  }
  if (lang === 'es') {
    const english = [...document.querySelectorAll('h1, h2, h3, button, [role="tab"], label, th, a')]
      .map((el) => el.textContent?.trim() ?? '')
      .filter((text) =>
        /\b(the|your|and|with|Save|Cancel|Search|Add|Back|Next|Loading|Close|Open|Delete)\b/.test(
          text,
        ),
      );
    if (english.length > 0)
      problems.push(`English on a Spanish screen: ${english.slice(0, 4).join(' | ')}`);
  }
  return problems;
}

async function walk(browser: Browser, role: string, width: number, lang: 'en' | 'es') {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 740 : 900 },
    isMobile: width < 600,
    hasTouch: width < 600,
    locale: lang === 'es' ? 'es-US' : 'en-US',
    timezoneId: 'America/New_York',
    reducedMotion: 'reduce',
  });
  await context.addInitScript((l) => localStorage.setItem('apothecall.lang', l), lang);
  const page = await context.newPage();
  const loginId = logins[role];
  if (loginId) await logIn(page, loginId);
  const dir = path.join(out, role, `${width}-${lang}`);
  mkdirSync(dir, { recursive: true });
  for (const route of paths) {
    const where = `${role} ${width}px ${lang} ${route}`;
    await page.goto(`${base}/#${route}`);
    await page.waitForTimeout(150);
    const landed = new URL(page.url()).hash.replace(/^#/, '').split('?')[0] ?? '';
    if (landed !== route) continue; // Not this role's screen: the guard sent it elsewhere.
    await page
      .locator('h1')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => findings.push({ where, what: 'no heading (h1) within 10 s' }));
    // Every loader gone (not `waitFor`: two loaders at once are a strict-mode error, which the
    // first walk reported as "still loading" on screens that had loaded).
    const loaders = page.getByRole('status', { name: /Loading|Cargando/ });
    const loadedBy = Date.now() + 10_000;
    while ((await loaders.count()) > 0 && Date.now() < loadedBy) await page.waitForTimeout(100);
    if ((await loaders.count()) > 0) findings.push({ where, what: 'still loading after 10 s' });
    screens += 1;
    const name = route === '/' ? 'home' : route.slice(1).replaceAll('/', '_');
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    for (const what of await page.evaluate(inspect, lang)) findings.push({ where, what });
    if (withAxe) {
      for (const v of await axeViolations(page)) {
        if (v.impact === 'serious' || v.impact === 'critical') {
          findings.push({ where, what: `axe ${v.id}: ${v.nodes[0]?.target.join(' ')}` });
        }
      }
    }
  }
  await context.close();
}

const browser = await chromium.launch({
  executablePath:
    process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const role of roles) {
    for (const width of widths) {
      for (const lang of langs) await walk(browser, role, width, lang);
    }
  }
} finally {
  await browser.close();
}
for (const f of findings) console.log(`${f.where}: ${f.what}`);
writeFileSync(path.join(out, 'findings.json'), JSON.stringify(findings, null, 2));
console.log(`\n${screens} screens walked, ${findings.length} findings; screenshots in ${out}`);
process.exit(findings.length > 0 ? 1 : 0);

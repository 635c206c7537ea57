import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { calendarAt } from '../packages/domain/src/dates/zones.rules';
import { axeViolations } from './axe';
import { unstyledMantineClasses } from './mantine-styles';
import { appTimeZone } from './playwright.config';

export { appTimeZone };

/**
 * The calendar as the app reads it now (its zone, not the machine's UTC day): "today", "the
 * first of last month", "a slot later today".
 */
export function appCalendar() {
  return calendarAt(Date.now() + clockOffsetMs(), appTimeZone);
}

/**
 * How far the running test's project moved the clock (the clock-N projects of the config):
 * their server runs under libfaketime by this offset, and so do the dates a test computes.
 */
function clockOffsetMs(): number {
  return Number(base.info().project.metadata?.clockOffsetMs ?? 0);
}

/**
 * Whether the running test is a @clock test's run again at a shifted clock. Those runs check what
 * the date changes (which day, month, age or window); what it cannot change (a page's
 * accessibility, a video call connecting) is checked once, at the real clock.
 */
export function atShiftedClock(): boolean {
  return clockOffsetMs() !== 0;
}

/**
 * Under a shifted clock, each page's clock starts at the server's "now" and runs on from there
 * (Chromium itself cannot run under libfaketime: its network service crashes).
 */
async function shiftPageClock(context: BrowserContext): Promise<void> {
  const offset = clockOffsetMs();
  if (offset !== 0) await context.clock.install({ time: Date.now() + offset });
}

/** The contexts `openContext` opened for the running test. */
const openContexts = new Set<BrowserContext>();

/**
 * The suite's `test`: Playwright's, plus closing every context `openContext` opened once its test
 * ends. A page left open (a video visit's above all) would keep using the CPU for the rest of the
 * run and slow every later spec down.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  // The default page's context reads the shifted clock too.
  context: async ({ context }, use) => {
    await shiftPageClock(context);
    await use(context);
  },
  closeOpenedContexts: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(undefined);
      const contexts = [...openContexts];
      openContexts.clear();
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

/**
 * The tag of the tests that read a calendar day, a month, an age or a window: `npm test` runs
 * them again at three shifted clocks (scripts/test-clock.mjs).
 */
export const clock = { tag: '@clock' };

export const demoPatient = {
  loginId: 'patient@apothecall.test',
  password: 'Apothecall-Demo-1',
  name: 'Maria Rivera',
};

export async function logIn(
  page: Page,
  loginId = demoPatient.loginId,
  password = demoPatient.password,
) {
  await page.getByLabel(/E-mail or user id|Correo electrónico o usuario/).fill(loginId);
  await page.getByLabel(/^(Password|Contraseña)$/).fill(password);
  await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).click();
}

export async function expectHome(page: Page, name = demoPatient.name) {
  await expect(
    page.getByRole('heading', { name: new RegExp(`(Welcome|Bienvenido/a), ${name}`) }),
  ).toBeVisible();
}

export const demoPassword = demoPatient.password;

/**
 * A person using the app, for the servers whose client idle logout is seconds long: moves the
 * pointer every 400 ms until the returned function is awaited (which waits for the last move,
 * so a click after it is never split by one). On a slow machine a login can take longer than
 * the whole idle limit before Home shows; the auto-logout checks keep the person active
 * through such waits, and only measure idleness where they mean to.
 */
export function keepActive(page: Page): () => Promise<void> {
  let active = true;
  const moves = (async () => {
    for (let i = 0; active; i += 1) {
      await page.mouse.move(40 + (i % 20) * 8, 300 + (i % 2) * 8).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  })();
  return async () => {
    active = false;
    await moves;
  };
}

/** The seeded logins of every role (apps/server/src/db/seed/demo-seed.ts). */
export const demoStaff = {
  provider: { loginId: 'provider@apothecall.test', name: 'Samuel Okafor' },
  pharmacist: { loginId: 'pharmacist@apothecall.test', name: 'Priya Shah' },
  pharmacyAdmin: { loginId: 'pharmacy-admin@apothecall.test', name: 'Tom Becker' },
  rxAdmin: { loginId: 'rx-admin@apothecall.test', name: 'Lena Ortiz' },
  admin: { loginId: 'admin@apothecall.test', name: 'Alex Morgan' },
  support: { loginId: 'support@apothecall.test', name: 'Sam Rivera' },
} as const;

/** The page opens in Spanish (the language switch's stored choice) from its first load. */
export async function useSpanish(page: Page) {
  await page.addInitScript(() => localStorage.setItem('apothecall.lang', 'es'));
}

/** The app's main navigation, in either language. */
export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: /^(Main|Principal)$/ });
}

/**
 * An entry of the main navigation, ready to click: in the bar, or under "More", which this
 * opens when the entry is not in the bar (the entries that do not fit the window's width are
 * there).
 */
export async function navEntry(page: Page, name: string): Promise<Locator> {
  const nav = mainNav(page);
  await expect(nav).toBeVisible();
  const link = nav.getByRole('link', { name, exact: true });
  if ((await link.count()) === 0) {
    await nav.getByRole('button', { name: /^(More|Más)$/ }).click();
  }
  return link;
}

/** The main navigation's entries as shown: the bar's, then those under "More" (opened, closed). */
export async function navEntries(page: Page): Promise<{ bar: string[]; more: string[] }> {
  const nav = mainNav(page);
  await expect(nav).toBeVisible();
  const bar = await nav.getByRole('link').allInnerTexts();
  const button = nav.getByRole('button', { name: /^(More|Más)$/ });
  if ((await button.count()) === 0) return { bar, more: [] };
  await button.click();
  const list = nav.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
  await expect(list).toBeVisible();
  const more = await list.getByRole('link').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  return { bar, more };
}

/**
 * axe-core on the page as it stands (WCAG 2.1 A and AA rules): any serious or critical
 * violation fails the test, listed with the elements it was found on. At the real clock only.
 */
export async function expectAccessible(page: Page, where: string) {
  // The same screens at another date: checked at the real clock (atShiftedClock).
  if (atShiftedClock()) return;
  // A dialog or menu still fading in has translucent colours: axe would measure the contrast of
  // a frame of the transition. Wait for running animations and transitions to end first.
  // (Endless ones, such as a loader's spin, are left alone; two seconds at most.)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const serious = (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
    );
  expect(serious, `axe on ${where}`).toEqual([]);
  expect(await unstyledMantineClasses(page), `Mantine's styles on ${where}`).toEqual([]);
}

/**
 * A page in a browser context of its own (one person of a journey): English, New York time, a
 * phone (360 px, touch) or a desktop (1280 px) viewport, plus any options given.
 */
export async function openContext(
  browser: Browser,
  phone: boolean,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base.info().project.use.baseURL,
    locale: 'en-US',
    timezoneId: appTimeZone,
    reducedMotion: 'reduce',
    // As the project's own contexts (e2e/playwright.config.ts): no service worker unless asked.
    serviceWorkers: base.info().project.use.serviceWorkers ?? 'block',
    ...options,
    ...(phone
      ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 900 } }),
  });
  openContexts.add(context);
  await shiftPageClock(context);
  return context.newPage();
}

/** A JSON call with a session token; fails the test on anything but 200. */
export async function call(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  data?: object,
) {
  const res = await request.fetch(url, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data ? { data } : {}),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** A session token for a login, through the API. */
export async function tokenFor(request: APIRequestContext, loginId: string, password: string) {
  const body = await call(request, 'POST', '/api/account/token', null, {
    loginId,
    password,
    platform: 'web',
    version: 'e2e',
  });
  return body.token as string;
}
